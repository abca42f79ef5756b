import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIC_SHAPE, squaresOf } from '@core/board-shape';
import type { Coordinate } from '@core/grid';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, checkoutRow, expectCountersMatch, payWith, sessionIdOf, squareRows, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { cartHasTooManyGames, cartTooLarge } from './checkout.routes';

const everySquare: Coordinate[] = squaresOf(CLASSIC_SHAPE);

/** Issue 10 items 7 and 8: a cart has a size limit, and the largest allowed cart works on both databases. */
describe(`cart limits (${testDbKind})`, () => {
  describe('with the default limits', () => {
    let t: TestApp;
    let buyer: TestAccount;
    beforeAll(async () => {
      t = await createTestApp();
      buyer = await testAccount(t, { prefix: 'cart' });
    });
    afterAll(() => t.close());

    it('a cart of 101 squares is refused with 400 naming the limit, and holds nothing', async () => {
      const a = await insertGame(t.db.handle);
      const b = await insertGame(t.db.handle);
      const res = await startCheckout(t.app, buyer, [cartOf(a, everySquare), cartOf(b, [{ x: 0, y: 0 }])]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(cartTooLarge(101, 100));
      expect(res.json().error.message).toContain('100');
      expect(await squareRows(t.db.handle, a)).toEqual([]);
      // 100 is fine.
      expect((await startCheckout(t.app, buyer, [cartOf(a, everySquare)])).statusCode).toBe(201);
    });

    it('a cart of 10,000 squares (100 games) is a 400, never a 500', async () => {
      const cart = Array.from({ length: 100 }, () => cartOf(randomUUID(), everySquare));
      const res = await startCheckout(t.app, buyer, cart);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(cartTooLarge(10_000, 100));
    });
  });

  describe('with the largest allowed cart (1,000 squares)', () => {
    let t: TestApp;
    let buyer: TestAccount;
    beforeAll(async () => {
      t = await createTestApp({ env: { MAX_CART_SQUARES: '1000', MAX_HELD_SQUARES: '1000' } });
      buyer = await testAccount(t, { prefix: 'big' });
    });
    afterAll(() => t.close());

    it('a cart of squares of more games than a payment page lists (100) is a 400', async () => {
      const cart = Array.from({ length: 101 }, () => cartOf(randomUUID(), [{ x: 0, y: 0 }]));
      const res = await startCheckout(t.app, buyer, cart);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(cartHasTooManyGames(101));
    });

    it('100 games x 10 squares, then 10 games x 100 squares: held, replaced, paid and counted, no query too large', async () => {
      const games: string[] = [];
      for (let i = 0; i < 100; i++) games.push(await insertGame(t.db.handle, { title: `Game ${i}`, price_per_square_cents: 100 }));
      const wide = await startCheckout(
        t.app,
        buyer,
        games.map((g) => cartOf(g, everySquare.slice(0, 10))),
      );
      expect(wide.statusCode, wide.body).toBe(201);
      expect(wide.json().amount_cents).toBe(1000 * 100);

      const deep = await startCheckout(
        t.app,
        buyer,
        games.slice(0, 10).map((g) => cartOf(g, everySquare)),
      );
      expect(deep.statusCode, deep.body).toBe(201);
      expect((await checkoutRow(t.db.handle, wide.json().checkout_id)).status).toBe('cancelled');
      expect((await payWith(t.app, buyer, await sessionIdOf(t.db.handle, deep.json().checkout_id))).statusCode).toBe(200);
      expect((await checkoutRow(t.db.handle, deep.json().checkout_id)).status).toBe('fulfilled');
      for (const g of games.slice(0, 10)) expect((await expectCountersMatch(t.db.handle, g)).claimed).toBe(100);
      expect(await squareRows(t.db.handle, games[50]!)).toEqual([]);

      // Someone else asking for all of them is told which are taken, in one answer.
      const other = await testAccount(t, { prefix: 'other' });
      const taken = await startCheckout(
        t.app,
        other,
        games.slice(0, 10).map((g) => cartOf(g, everySquare)),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.squares).toHaveLength(1000);
    });
  });
});
