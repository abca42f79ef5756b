import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySquaresResponse } from '@core/api/my-squares';
import { testAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertCheckout, insertGame, insertNumbers, insertSquare, insertUser } from '../../../tests/support/fixtures';

const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } };

describe(`GET /api/me/squares (${testDbKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function userId(email: string): Promise<string> {
    return (await t.db.handle.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  }

  async function mySquares(cookie: string): Promise<MySquaresResponse> {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/squares', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MySquaresResponse;
  }

  const square = (gameId: string, user: string, x: number, y: number, claimedAt: string) =>
    insertSquare(t.db.handle, gameId, { x, y, userId: user, claimedAt });

  const checkout = (user: string, values: { status: string; amount_cents?: number; refunded_at?: string | null; refund_reason?: string | null }) =>
    insertCheckout(t.db.handle, { userId: user, amount_cents: 2000, description: 'Board Bowl: 2 squares', at: '2026-02-01T12:00:00.000Z', ...values });

  it('asks visitors to log in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/squares' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('is empty for a new player', async () => {
    const player = await testAccount(t, { prefix: 'newbie' });
    expect(await mySquares(player.cookie)).toEqual({ games: [], refunds: [] });
  });

  it('groups claimed squares by game, newest game first, squares in (x, y) order; holds and others’ squares left out', async () => {
    const player = await testAccount(t, { prefix: 'owner' });
    const me = await userId(player.email);
    const someone = await insertUser(t.db.handle);
    const older = await insertGame(t.db.handle, { title: 'Older Bowl', team_a: 'Bears', team_b: 'Lions', created_at: '2026-01-01T00:00:00.000Z' });
    const newer = await insertGame(t.db.handle, { title: 'Newer Bowl', team_a: 'Eagles', team_b: 'Chiefs', created_at: '2026-02-01T00:00:00.000Z' });
    const untouched = await insertGame(t.db.handle, { title: 'Nobody Bowl', created_at: '2026-03-01T00:00:00.000Z' });
    await square(older, me, 9, 9, '2026-01-02T00:00:00.000Z');
    await square(older, me, 0, 5, '2026-01-03T00:00:00.000Z');
    await square(newer, me, 3, 1, '2026-02-02T00:00:00.000Z');
    await square(newer, me, 3, 0, '2026-02-03T00:00:00.000Z');
    await square(newer, me, 1, 8, '2026-02-04T00:00:00.000Z');
    await square(newer, someone.id, 4, 4, '2026-02-04T00:00:00.000Z');
    await square(untouched, someone.id, 0, 0, '2026-03-02T00:00:00.000Z');
    const open = await checkout(me, { status: 'open' });
    await insertSquare(t.db.handle, untouched, {
      x: 5,
      y: 5,
      userId: me,
      status: 'held',
      checkoutId: open,
      holdExpiresAt: new Date(Date.now() + 60_000).toISOString(),
    });

    const view = await mySquares(player.cookie);
    expect(view.games).toEqual([
      {
        game_id: newer,
        title: 'Newer Bowl',
        team_a: 'Eagles',
        team_b: 'Chiefs',
        board_size: 100,
        squares: [
          { x: 1, y: 8, claimed_at: '2026-02-04T00:00:00.000Z' },
          { x: 3, y: 0, claimed_at: '2026-02-03T00:00:00.000Z' },
          { x: 3, y: 1, claimed_at: '2026-02-02T00:00:00.000Z' },
        ],
        number_sets: [],
        owing: null,
      },
      {
        game_id: older,
        title: 'Older Bowl',
        team_a: 'Bears',
        team_b: 'Lions',
        board_size: 100,
        squares: [
          { x: 0, y: 5, claimed_at: '2026-01-03T00:00:00.000Z' },
          { x: 9, y: 9, claimed_at: '2026-01-02T00:00:00.000Z' },
        ],
        number_sets: [],
        owing: null,
      },
    ]);
    expect(view.refunds).toEqual([]);
  });

  it('carries the axis digits once numbers are drawn and revealed to players, not before (D14, D16)', async () => {
    const player = await testAccount(t, { prefix: 'digits' });
    const me = await userId(player.email);
    const game = await insertGame(t.db.handle, { title: 'Digit Bowl', team_a: 'Lions', team_b: 'Bears' });
    await square(game, me, 4, 8, '2026-02-04T00:00:00.000Z');
    const numbersOf = async () => (await mySquares(player.cookie)).games.find((g) => g.game_id === game)?.number_sets;

    expect(await numbersOf()).toEqual([]);

    // Drawn but hidden from players: the page must not give them away.
    const xAxis = [3, 1, 4, 0, 2, 5, 9, 8, 6, 7];
    const yAxis = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
    await insertNumbers(t.db.handle, game, xAxis, yAxis, { at: '2026-02-05T00:00:00.000Z' });
    expect(await numbersOf()).toEqual([]);

    await t.db.handle.db.updateTable('games').set({ numbers_revealed: true }).where('id', '=', game).execute();
    // One set for the whole game: no periods to name.
    expect(await numbersOf()).toEqual([{ periods_label: null, x_axis_numbers: xAxis, y_axis_numbers: yAxis }]);

    // Hidden again: gone again.
    await t.db.handle.db.updateTable('games').set({ numbers_revealed: false }).where('id', '=', game).execute();
    expect(await numbersOf()).toEqual([]);
  });

  it('lists every drawn set with its periods in a game with new numbers at halftime (D35), a ticketed set not yet drawn left out', async () => {
    const player = await testAccount(t, { prefix: 'halves' });
    const me = await userId(player.email);
    const game = await insertGame(t.db.handle, { title: 'Halftime Bowl', number_sets: 'halftime' });
    await square(game, me, 2, 7, '2026-02-04T00:00:00.000Z');
    const first = { x: [3, 1, 4, 0, 2, 5, 9, 8, 6, 7], y: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] };
    const second = { x: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], y: [5, 6, 7, 8, 9, 0, 1, 2, 3, 4] };
    await insertNumbers(t.db.handle, game, first.x, first.y, { revealed: true });
    const setsOf = async () => (await mySquares(player.cookie)).games.find((g) => g.game_id === game)?.number_sets;
    expect(await setsOf()).toEqual([{ periods_label: 'Q1-Q2', x_axis_numbers: first.x, y_axis_numbers: first.y }]);

    // Set 2's ticket is written before its digits exist (D38): nothing to show yet.
    const set2 = { game_id: game, set_number: 2, first_period: 3, last_period: 4, method: 'commit-reveal' as const };
    await t.db.handle.db.insertInto('digit_sets').values(set2).execute();
    expect(await setsOf()).toHaveLength(1);

    await t.db.handle.db
      .updateTable('digit_sets')
      .set({ x_axis_numbers: JSON.stringify(second.x), y_axis_numbers: JSON.stringify(second.y), drawn_at: '2026-02-06T00:00:00.000Z' })
      .where('game_id', '=', game)
      .where('set_number', '=', 2)
      .execute();
    expect(await setsOf()).toEqual([
      { periods_label: 'Q1-Q2', x_axis_numbers: first.x, y_axis_numbers: first.y },
      { periods_label: 'Q3-Q4', x_axis_numbers: second.x, y_axis_numbers: second.y },
    ]);
  });

  it('lists the player’s refunded payments, newest first, and no one else’s', async () => {
    const player = await testAccount(t, { prefix: 'refunded' });
    const me = await userId(player.email);
    const someone = await insertUser(t.db.handle);
    const first = await checkout(me, {
      status: 'refunded',
      amount_cents: 1000,
      refunded_at: '2026-02-01T13:00:00.000Z',
      refund_reason: 'Some of your squares were taken before your payment arrived.',
    });
    const second = await checkout(me, {
      status: 'refunded',
      amount_cents: 3000,
      refunded_at: '2026-02-02T13:00:00.000Z',
      refund_reason: 'The game was deleted.',
    });
    await checkout(me, { status: 'fulfilled' });
    await checkout(me, { status: 'cancelled' });
    await checkout(someone.id, { status: 'refunded', refunded_at: '2026-02-03T13:00:00.000Z', refund_reason: 'x' });
    // Decided but not yet accepted by the provider: listed too (the sweep retries the refund).
    const pending = await checkout(me, { status: 'refund_pending', amount_cents: 500, refund_reason: 'Sales closed.' });

    const view = await mySquares(player.cookie);
    expect(view.games).toEqual([]);
    expect(view.refunds).toEqual([
      {
        checkout_id: second,
        amount_cents: 3000,
        description: 'Board Bowl: 2 squares',
        reason: 'The game was deleted.',
        refunded_at: '2026-02-02T13:00:00.000Z',
      },
      {
        checkout_id: first,
        amount_cents: 1000,
        description: 'Board Bowl: 2 squares',
        reason: 'Some of your squares were taken before your payment arrived.',
        refunded_at: '2026-02-01T13:00:00.000Z',
      },
      { checkout_id: pending, amount_cents: 500, description: 'Board Bowl: 2 squares', reason: 'Sales closed.', refunded_at: '2026-02-01T12:00:00.000Z' },
    ]);
  });
});
