import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { Game } from '@core/api/games';
import type { MySquaresResponse } from '@core/api/my-squares';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { send } from '../../../tests/support/request';

const INSTRUCTIONS = 'Venmo @coach-k with your squares in the note';

/** D28: what a player owes the organizer, told to that player only, on the board and on My Squares. */
describe(`what a player owes (D28, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, alice, bob] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'alice' }), testAccount(t, { prefix: 'bob' })]);
  });
  afterAll(() => t.close());

  async function createGame(values: Record<string, unknown>): Promise<Game> {
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: { title: `Office Pool ${Math.random().toString(36).slice(2, 7)}`, team_a: 'Lions', team_b: 'Bears', price_per_square: 10, ...values },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { game: Game }).game;
  }

  async function reserve(buyer: TestAccount, game: Game, squares: { x: number; y: number }[]): Promise<void> {
    const res = await startCheckout(t.app, buyer, [cartOf(game.id, squares, 10, game.title)]);
    expect(res.statusCode, res.body).toBe(201);
  }

  const board = async (gameId: string, cookie?: string) => {
    const res = await send(t.app, 'GET', `/api/games/${gameId}/board`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BoardResponse;
  };
  const owingOn = async (gameId: string, cookie?: string) => (await board(gameId, cookie)).owing;
  const mySquares = async (cookie: string) => (await send(t.app, 'GET', '/api/me/squares', { cookie })).json() as MySquaresResponse;
  const owingInMySquares = async (cookie: string, gameId: string) => (await mySquares(cookie)).games.find((game) => game.game_id === gameId)?.owing;
  const tool = async (gameId: string, action: 'mark-paid' | 'release', selection: unknown) => {
    const res = await send(t.app, 'POST', `/api/admin/games/${gameId}/squares/${action}`, { cookie: admin.cookie, payload: selection });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells each player their own unpaid squares and amount, visitors nothing, through the shared board read', async () => {
    const payBy = new Date(Date.now() + 48 * 3600_000).toISOString();
    const game = await createGame({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS, pay_by: payBy });
    await reserve(alice, game, [
      { x: 0, y: 0 },
      { x: 0, y: 1 },
      { x: 0, y: 2 },
    ]);
    await reserve(bob, game, [{ x: 5, y: 5 }]);

    // One shared read serves all of these within its second: each viewer still gets only their own.
    expect(await owingOn(game.id)).toBeNull();
    expect(await owingOn(game.id, alice.cookie)).toEqual({ squares: 3, amount_cents: 3000, pay_by: payBy, instructions: INSTRUCTIONS });
    expect(await owingOn(game.id, bob.cookie)).toEqual({ squares: 1, amount_cents: 1000, pay_by: payBy, instructions: INSTRUCTIONS });
    expect(await owingOn(game.id)).toBeNull();
    // The admin reads their own board: they own nothing here, so they owe nothing.
    expect(await owingOn(game.id, admin.cookie)).toBeNull();

    expect(await owingInMySquares(alice.cookie, game.id)).toEqual({ squares: 3, amount_cents: 3000, pay_by: payBy, instructions: INSTRUCTIONS });
    expect(await owingInMySquares(bob.cookie, game.id)).toEqual({ squares: 1, amount_cents: 1000, pay_by: payBy, instructions: INSTRUCTIONS });
  });

  it('goes down as squares are marked paid or released, and is gone when all are paid', async () => {
    const game = await createGame({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS });
    await reserve(alice, game, [
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 1, y: 2 },
    ]);
    await tool(game.id, 'mark-paid', { squares: [{ x: 1, y: 0 }] });
    expect(await owingOn(game.id, alice.cookie)).toMatchObject({ squares: 2, amount_cents: 2000, pay_by: null });
    expect(await owingInMySquares(alice.cookie, game.id)).toMatchObject({ squares: 2, amount_cents: 2000 });

    await tool(game.id, 'release', { squares: [{ x: 1, y: 1 }] });
    expect(await owingOn(game.id, alice.cookie)).toMatchObject({ squares: 1, amount_cents: 1000 });
    expect(await owingInMySquares(alice.cookie, game.id)).toMatchObject({ squares: 1, amount_cents: 1000 });

    await tool(game.id, 'mark-paid', { all: true });
    expect(await owingOn(game.id, alice.cookie)).toBeNull();
    const mine = (await mySquares(alice.cookie)).games.find((g) => g.game_id === game.id);
    expect(mine?.squares).toHaveLength(2);
    expect(mine?.owing).toBeNull();
  });

  it('is never set for a card game, and an admin who plays is told their own', async () => {
    const card = await createGame({});
    expect(await owingOn(card.id, alice.cookie)).toBeNull();
    const game = await createGame({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS });
    await reserve(admin, game, [{ x: 9, y: 9 }]);
    expect(await owingOn(game.id, admin.cookie)).toEqual({ squares: 1, amount_cents: 1000, pay_by: null, instructions: INSTRUCTIONS });
    expect(await owingOn(game.id, alice.cookie)).toBeNull();
    expect(await owingOn(game.id)).toBeNull();
  });
});
