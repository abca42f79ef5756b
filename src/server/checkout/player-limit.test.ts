import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutCreated } from '@core/api/checkout';
import type { Game } from '@core/api/games';
import { PLAYER_LIMIT_ERRORS } from '@core/messages';
import { playerLimitMessage } from '@core/player-limit';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, expectCountersMatch, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { send } from '../../../tests/support/request';

describe(`squares per player (D31, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { admin: true });
  });
  afterAll(() => t.close());

  async function game(values: Record<string, unknown>): Promise<Game> {
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: { title: `Capped ${Math.random().toString(36).slice(2, 7)}`, team_a: 'A', team_b: 'B', price_per_square: 10, ...values },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { game: Game }).game;
  }
  const owned = (gameId: string, userId: string) =>
    t.db.handle.db.selectFrom('squares').select(['x', 'y']).where('game_id', '=', gameId).where('user_id', '=', userId).execute();

  it('is set on the form (1-100, empty for none) and sent with the game', async () => {
    expect((await game({ max_squares_per_player: 4 })).max_squares_per_player).toBe(4);
    expect((await game({ max_squares_per_player: '' })).max_squares_per_player).toBeNull();
    for (const bad of [0, 101, 2.5, 'ten', -1]) {
      const res = await send(t.app, 'POST', '/api/admin/games', {
        cookie: admin.cookie,
        payload: { title: 'Bad Cap', team_a: 'A', team_b: 'B', price_per_square: 10, max_squares_per_player: bad },
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message).toBe(PLAYER_LIMIT_ERRORS.invalid);
    }
  });

  it('refuses a card checkout that would pass the cap, counting squares owned and held', async () => {
    const capped = await game({ max_squares_per_player: 3 });
    const buyer = await testAccount(t, { prefix: 'capped' });
    expect(
      (
        await startCheckout(t.app, buyer, [
          cartOf(capped.id, [
            { x: 0, y: 0 },
            { x: 0, y: 1 },
          ]),
        ])
      ).statusCode,
    ).toBe(201);
    // A new checkout replaces the open one (D21): its two holds no longer count.
    const again = await startCheckout(t.app, buyer, [
      cartOf(capped.id, [
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]),
    ]);
    expect(again.statusCode, again.body).toBe(201);
    const over = await startCheckout(t.app, buyer, [
      cartOf(capped.id, [
        { x: 2, y: 0 },
        { x: 2, y: 1 },
        { x: 2, y: 2 },
        { x: 2, y: 3 },
      ]),
    ]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: { code: 'PLAYER_LIMIT', message: playerLimitMessage(capped.title, 3, 0, 4), max_squares_per_player: 3 } });
  });

  it('refuses a reservation past the cap, saying how many the player has', async () => {
    const capped = await game({ max_squares_per_player: 2, payment_method: 'organizer', payment_instructions: 'Cash to Sam' });
    const buyer = await testAccount(t, { prefix: 'reserver' });
    expect((await startCheckout(t.app, buyer, [cartOf(capped.id, [{ x: 5, y: 5 }])])).statusCode).toBe(201);
    const over = await startCheckout(t.app, buyer, [
      cartOf(capped.id, [
        { x: 5, y: 6 },
        { x: 5, y: 7 },
      ]),
    ]);
    expect(over.statusCode).toBe(409);
    expect((over.json() as { error: { message: string } }).error.message).toBe(
      `You can have at most 2 squares in "${capped.title}". You already have 1, and this cart adds 2. Remove some and try again.`,
    );
    expect(await owned(capped.id, buyer.id)).toHaveLength(1);
    expect(((await startCheckout(t.app, buyer, [cartOf(capped.id, [{ x: 5, y: 6 }])])).json() as CheckoutCreated).reservation?.squares).toHaveLength(1);
  });

  it('holds against concurrent checkouts of one player: never more than the cap', async () => {
    const capped = await game({ max_squares_per_player: 3, payment_method: 'organizer', payment_instructions: 'Cash to Sam' });
    const buyer = await testAccount(t, { prefix: 'greedy' });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => startCheckout(t.app, buyer, [cartOf(capped.id, [{ x: 9, y: i }])])));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const res of results.filter((r) => r.statusCode !== 201)) expect((res.json() as { error: { code: string } }).error.code).toBe('PLAYER_LIMIT');
    expect(await owned(capped.id, buyer.id)).toHaveLength(3);
    await expectCountersMatch(t.db.handle, capped.id);
  });

  it('holds against concurrent card checkouts of one player too (each replaces the last, D21)', async () => {
    const capped = await game({ max_squares_per_player: 3 });
    const buyer = await testAccount(t, { prefix: 'cardgreedy' });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        startCheckout(t.app, buyer, [
          cartOf(capped.id, [
            { x: 8, y: i },
            { x: 7, y: i },
          ]),
        ]),
      ),
    );
    for (const res of results) expect([201, 409], res.body).toContain(res.statusCode);
    const now = new Date().toISOString();
    const live = await t.db.handle.db
      .selectFrom('squares')
      .innerJoin('checkouts', 'checkouts.id', 'squares.checkout_id')
      .select(['squares.x', 'squares.y'])
      .where('squares.game_id', '=', capped.id)
      .where('squares.user_id', '=', buyer.id)
      .where('checkouts.status', '=', 'open')
      .where('squares.hold_expires_at', '>', now)
      .execute();
    expect(live.length).toBeLessThanOrEqual(3);
  });

  it('can be changed on the edit form, and other players are not affected', async () => {
    const capped = await game({ max_squares_per_player: 1, payment_method: 'organizer', payment_instructions: 'Cash to Sam' });
    const [a, b] = await Promise.all([testAccount(t, { prefix: 'one' }), testAccount(t, { prefix: 'two' })]);
    expect((await startCheckout(t.app, a, [cartOf(capped.id, [{ x: 0, y: 0 }])])).statusCode).toBe(201);
    expect((await startCheckout(t.app, b, [cartOf(capped.id, [{ x: 0, y: 1 }])])).statusCode).toBe(201);
    expect((await startCheckout(t.app, a, [cartOf(capped.id, [{ x: 0, y: 2 }])])).statusCode).toBe(409);
    const edit = await send(t.app, 'PATCH', `/api/admin/games/${capped.id}`, { cookie: admin.cookie, payload: { max_squares_per_player: 2 } });
    expect((edit.json() as { game: Game }).game.max_squares_per_player).toBe(2);
    expect((await startCheckout(t.app, a, [cartOf(capped.id, [{ x: 0, y: 2 }])])).statusCode).toBe(201);
    const cleared = await send(t.app, 'PATCH', `/api/admin/games/${capped.id}`, { cookie: admin.cookie, payload: { max_squares_per_player: null } });
    expect((cleared.json() as { game: Game }).game.max_squares_per_player).toBeNull();
  });
});
