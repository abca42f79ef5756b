import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, checkoutRow, expectCountersMatch, gameRow, PAYS, sessionIdOf, squareRows, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { seeded } from '../../../tests/support/random';
import { insertGame } from '../../../tests/support/fixtures';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';

const BUYERS = 44;
const REQUESTS = 200;

describe(`checkout under concurrency (${testDbKind})`, () => {
  let t: TestApp;
  let base: string;
  let buyers: TestAccount[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    buyers = [];
    // Accounts through the real auth API, each step from an address of its own (rate limits).
    for (let i = 0; i < BUYERS; i += 11) {
      buyers.push(...(await Promise.all(Array.from({ length: Math.min(11, BUYERS - i) }, () => testAccount(t, { prefix: 'racer' })))));
    }
  }, 120_000);
  afterAll(() => t.close());

  /** A real HTTP request from the app's own page on 127.0.0.1. */
  async function http(method: 'GET' | 'POST', path: string, cookie: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { origin: base, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it(`${REQUESTS} simultaneous checkouts of overlapping squares: each square held at most once, losers 409, no 5xx; payments count once`, async () => {
    const g1 = await insertGame(t.db.handle, { title: 'Race Bowl', price_per_square_cents: 1000 });
    const g2 = await insertGame(t.db.handle, { title: 'Rush Bowl', price_per_square_cents: 2500 });
    const random = seeded(2026);
    const pick = (n: number) => Math.floor(random() * n);
    // 4x4 corners of two boards: 32 cells for 200 carts of 1-3 squares, so most carts collide.
    const carts = Array.from({ length: REQUESTS }, () => {
      const cells = new Map<string, { game: string; x: number; y: number }>();
      const size = 1 + pick(3);
      while (cells.size < size) {
        const cell = { game: random() < 0.6 ? g1 : g2, x: pick(4), y: pick(4) };
        cells.set(`${cell.game}:${cell.x}:${cell.y}`, cell);
      }
      const byGame = new Map<string, { x: number; y: number }[]>();
      for (const c of cells.values()) byGame.set(c.game, [...(byGame.get(c.game) ?? []), { x: c.x, y: c.y }]);
      return [...byGame].map(([game, squares]) => cartOf(game, squares, 1));
    });

    const answers = await Promise.all(
      carts.map((cart, i) => http('POST', '/api/checkout', buyers[i % BUYERS]!.cookie, { cart }).then((a) => ({ ...a, buyer: buyers[i % BUYERS]!, cart }))),
    );

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won.length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
    for (const loser of lost) {
      expect(loser.body.error.code).toBe('SQUARES_UNAVAILABLE');
      expect(loser.body.error.message).toMatch(/^(Some squares in your cart were just taken by someone else|You already own)/);
      // The squares named were in the cart.
      for (const square of loser.body.error.squares) {
        const entry = loser.cart.find((item) => item.game_id === square.game_id);
        expect(entry?.squares).toContainEqual({ x: square.x, y: square.y });
      }
    }

    // The database: one row per cell (the unique key), every hold belongs to an open checkout
    // that holds all its squares, and no buyer has two open checkouts.
    const db = t.db.handle.db;
    const rows = [...(await squareRows(t.db.handle, g1)), ...(await squareRows(t.db.handle, g2))];
    expect(new Set(rows.map((r) => `${r.game_id}:${r.x}:${r.y}`)).size).toBe(rows.length);
    const open = await db.selectFrom('checkouts').selectAll().where('status', '=', 'open').execute();
    const openIds = new Set(open.map((c) => c.id));
    expect(rows.every((r) => r.status === 'held' && openIds.has(r.checkout_id!))).toBe(true);
    for (const checkout of open) {
      const items = await db.selectFrom('checkout_items').select(['game_id', 'x', 'y']).where('checkout_id', '=', checkout.id).execute();
      const held = rows.filter((r) => r.checkout_id === checkout.id);
      expect(held.length).toBe(items.length);
    }
    expect(new Set(open.map((c) => c.user_id)).size).toBe(open.length);
    expect(open.length).toBeGreaterThan(0);
    // Every 201 that is not open any more was replaced by its buyer's later checkout.
    for (const winner of won) {
      const row = await checkoutRow(t.db.handle, winner.body.checkout_id);
      expect(['open', 'cancelled']).toContain(row.status);
    }

    // Every open checkout is paid at once through the test card page.
    const paid = await Promise.all(
      open.map(async (checkout) => {
        const buyer = buyers.find((b) => b.id === checkout.user_id)!;
        const sessionId = await sessionIdOf(t.db.handle, checkout.id);
        return http('POST', `/api/checkout/test/${sessionId}/pay`, buyer.cookie, { card_number: PAYS, expiry: '12/39', cvc: '123', name: 'Racer' });
      }),
    );
    expect(paid.map((p) => p.status)).toEqual(open.map(() => 200));
    for (const checkout of open) expect((await checkoutRow(t.db.handle, checkout.id)).status).toBe('fulfilled');

    const counted1 = await expectCountersMatch(t.db.handle, g1);
    const counted2 = await expectCountersMatch(t.db.handle, g2);
    expect(counted1.claimed + counted2.claimed).toBe(rows.length);
    expect(counted1.pot).toBe(counted1.claimed * 1000);
    expect(counted2.pot).toBe(counted2.claimed * 2500);
    const sold = open.reduce((sum, c) => sum + c.amount_cents, 0);
    expect(counted1.pot + counted2.pot).toBe(sold);
  }, 120_000);

  it('three simultaneous confirmations claim once and count the pot once', async () => {
    const gameId = await insertGame(t.db.handle, { price_per_square_cents: 1200 });
    const buyer = buyers[0]!;
    const created = (
      await startCheckout(t.app, buyer, [
        cartOf(gameId, [
          { x: 7, y: 1 },
          { x: 7, y: 2 },
          { x: 7, y: 3 },
        ]),
      ])
    ).json();
    const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
    await t.db.handle.db.updateTable('test_payment_sessions').set({ status: 'paid', payment_id: 'test_pi_triple' }).where('id', '=', sessionId).execute();

    const results = await Promise.all([1, 2, 3].map(() => t.app.checkouts.confirmPaid({ sessionId, paymentId: 'test_pi_triple' })));
    expect(results).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 3, total_pot_cents: 3600 });
    expect((await squareRows(t.db.handle, gameId)).map((s) => s.status)).toEqual(['claimed', 'claimed', 'claimed']);
    await expectCountersMatch(t.db.handle, gameId);
  });

  it('confirmations interleaved with expiry notices settle once: all claimed, or all refunded', async () => {
    for (let round = 0; round < 6; round++) {
      const gameId = await insertGame(t.db.handle, { price_per_square_cents: 800 });
      const buyer = buyers[1 + round]!;
      const created = (
        await startCheckout(t.app, buyer, [
          cartOf(gameId, [
            { x: 0, y: round },
            { x: 1, y: round },
          ]),
        ])
      ).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      const paymentId = `test_pi_mixed_${round}`;
      await t.db.handle.db.updateTable('test_payment_sessions').set({ status: 'paid', payment_id: paymentId }).where('id', '=', sessionId).execute();
      const c = t.app.checkouts;
      // Expiry first in odd rounds, confirmation first in even ones.
      const calls =
        round % 2 === 1
          ? [
              () => c.sessionExpired({ sessionId }),
              () => c.confirmPaid({ sessionId, paymentId }),
              () => c.confirmPaid({ sessionId, paymentId }),
              () => c.sessionExpired({ sessionId }),
              () => c.confirmPaid({ sessionId, paymentId }),
            ]
          : [
              () => c.confirmPaid({ sessionId, paymentId }),
              () => c.sessionExpired({ sessionId }),
              () => c.confirmPaid({ sessionId, paymentId }),
              () => c.sessionExpired({ sessionId }),
              () => c.confirmPaid({ sessionId, paymentId }),
            ];
      await Promise.all(calls.map((call) => call()));

      const row = await checkoutRow(t.db.handle, created.checkout_id);
      const refunds = await t.db.handle.db.selectFrom('payment_refunds').selectAll().where('checkout_id', '=', created.checkout_id).execute();
      const game = await gameRow(t.db.handle, gameId);
      if (row.status === 'fulfilled') {
        expect(game).toMatchObject({ squares_claimed: 2, total_pot_cents: 1600 });
        expect(refunds).toEqual([]);
      } else {
        expect(row.status).toBe('refunded');
        expect(game).toMatchObject({ squares_claimed: 0, total_pot_cents: 0 });
        expect(refunds).toHaveLength(1);
        expect(await squareRows(t.db.handle, gameId)).toEqual([]);
      }
      await expectCountersMatch(t.db.handle, gameId);
    }
  });
});
