import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_PAYMENT_ERRORS, INVALID_CART_ITEMS } from '@core/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { latestMail, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { cartOf, checkoutRow, DECLINED, expectCountersMatch, gameRow, payWith, sessionIdOf, squareRows, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { send } from '../../../tests/support/request';
import { squaresRepository } from '../squares/squares.repository';
import { REFUND_REASONS } from './checkout.messages';
import { checkoutRepository } from './checkout.repository';
import { CHECKOUT_TTL_MS, HOLD_GRACE_MS } from './create-checkout';
import { TEST_CHECKOUT_MESSAGES } from './test-checkout.service';

const MINUTE = 60_000;

describe(`checkout (${testDbKind})`, () => {
  let t: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await testAccount(t, { prefix: 'alice' });
    bob = await testAccount(t, { prefix: 'bob' });
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const game = (values: Parameters<typeof insertGame>[1] = {}) => insertGame(t.db.handle, values);

  describe('POST /api/checkout', () => {
    it('answers visitors 401 before looking at the cart', async () => {
      const res = await send(t.app, 'POST', '/api/checkout', { payload: { cart: [] } });
      expect(res.statusCode).toBe(401);
      expect((await send(t.app, 'GET', '/api/checkout/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
      for (const path of ['/api/checkout/test/test_cs_1/pay', '/api/checkout/test/test_cs_1/cancel']) {
        expect((await send(t.app, 'POST', path, { payload: {} })).statusCode).toBe(401);
      }
    });

    it('refuses bad carts with the spec messages', async () => {
      const gameId = await game();
      const cases: [unknown, string][] = [
        [{ cart: [] }, CART_PAYMENT_ERRORS.cartEmpty],
        [{}, INVALID_CART_ITEMS],
        [{ cart: 'x' }, INVALID_CART_ITEMS],
        [{ cart: [{ game_id: gameId, game_title: 'T', price_per_square: 10, squares: [] }] }, INVALID_CART_ITEMS],
        [{ cart: [cartOf(gameId, [{ x: 10, y: 0 }])] }, INVALID_CART_ITEMS],
        [
          {
            cart: [
              cartOf(gameId, [
                { x: 1, y: 1 },
                { x: 1, y: 1 },
              ]),
            ],
          },
          INVALID_CART_ITEMS,
        ],
        [{ cart: [cartOf(gameId, [{ x: 1, y: 1 }]), cartOf(gameId, [{ x: 2, y: 2 }])] }, INVALID_CART_ITEMS],
        [{ cart: [{ game_id: gameId, squares: [{ x: 1, y: 1 }] }] }, INVALID_CART_ITEMS],
        [{ cart: [cartOf(gameId, [{ x: 1, y: 1 }])], notes: 'n'.repeat(501) }, 'Notes must be at most 500 characters'],
      ];
      for (const [payload, message] of cases) {
        const res = await send(t.app, 'POST', '/api/checkout', { cookie: alice.cookie, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      expect(await squareRows(t.db.handle, gameId)).toEqual([]);
    });

    it('holds the squares at the database price and opens the test card page', async () => {
      const gameId = await game({ title: 'Price Bowl', price_per_square_cents: 1000 });
      const before = Date.now();
      // The cart says $1; the game costs $10 (D4: the server prices every order).
      const res = await startCheckout(
        t.app,
        alice,
        [
          cartOf(
            gameId,
            [
              { x: 1, y: 2 },
              { x: 3, y: 4 },
            ],
            1,
            'Cheap title',
          ),
        ],
        'Go Eagles',
      );
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created.amount_cents).toBe(2000);
      expect(created.game_id).toBe(gameId);
      expect(created.url).toMatch(/^http:\/\/localhost\/checkout\/test\/test_cs_[0-9a-f]+$/);
      const expiresAt = new Date(created.expires_at).getTime();
      expect(expiresAt).toBeGreaterThanOrEqual(before + CHECKOUT_TTL_MS - 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + CHECKOUT_TTL_MS);

      const row = await checkoutRow(t.db.handle, created.checkout_id);
      expect(row).toMatchObject({ status: 'open', provider: 'test', amount_cents: 2000, notes: 'Go Eagles', user_id: alice.id });
      expect(row.description).toBe('Price Bowl (2 squares)');
      expect(new Date(row.hold_until).getTime()).toBe(expiresAt + HOLD_GRACE_MS);
      const squares = await squareRows(t.db.handle, gameId);
      expect(squares.map((s) => [s.x, s.y, s.status, s.user_id, s.checkout_id])).toEqual([
        [1, 2, 'held', alice.id, created.checkout_id],
        [3, 4, 'held', alice.id, created.checkout_id],
      ]);
      expect(squares.every((s) => s.hold_expires_at === row.hold_until)).toBe(true);

      // The card page's data.
      const sessionId = created.url.split('/').pop();
      const page = await send(t.app, 'GET', `/api/checkout/test/${sessionId}`, { cookie: alice.cookie });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({
        session_id: sessionId,
        amount_cents: 2000,
        description: 'Price Bowl (2 squares)',
        status: 'open',
        lines: [{ name: 'Price Bowl - 2 squares', unit_amount_cents: 1000, quantity: 2 }],
      });
      expect((await send(t.app, 'GET', `/api/checkout/test/${sessionId}`)).statusCode).toBe(401);
      // Someone else's page answers exactly as a page that does not exist (issue 10: no oracle).
      const missing = await send(t.app, 'GET', '/api/checkout/test/test_cs_0000', { cookie: bob.cookie });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: TEST_CHECKOUT_MESSAGES.notFound } });
      for (const res of [
        await send(t.app, 'GET', `/api/checkout/test/${sessionId}`, { cookie: bob.cookie }),
        await payWith(t.app, bob, sessionId),
        await send(t.app, 'POST', `/api/checkout/test/${sessionId}/cancel`, { cookie: bob.cookie, payload: {} }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('open');

      // Paying claims them once, and the pot counts them once.
      const paid = await payWith(t.app, alice, sessionId);
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({ redirect_url: `http://localhost/payment-success?game_id=${gameId}&checkout_id=${created.checkout_id}` });
      expect((await squareRows(t.db.handle, gameId)).map((s) => s.status)).toEqual(['claimed', 'claimed']);
      expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 2, total_pot_cents: 2000 });
      await expectCountersMatch(t.db.handle, gameId);

      const view = await send(t.app, 'GET', `/api/checkout/${created.checkout_id}`, { cookie: alice.cookie });
      expect(view.statusCode).toBe(200);
      expect(view.json().checkout).toMatchObject({
        id: created.checkout_id,
        status: 'fulfilled',
        amount_cents: 2000,
        refund_reason: null,
        squares: [
          { game_id: gameId, game_title: 'Price Bowl', x: 1, y: 2, price_cents: 1000 },
          { game_id: gameId, game_title: 'Price Bowl', x: 3, y: 4, price_cents: 1000 },
        ],
      });
      // Someone else's checkout does not exist for you.
      expect((await send(t.app, 'GET', `/api/checkout/${created.checkout_id}`, { cookie: bob.cookie })).statusCode).toBe(404);
      expect((await send(t.app, 'GET', '/api/checkout/not-a-uuid', { cookie: alice.cookie })).statusCode).toBe(404);

      // Paying twice is refused; the page says so.
      const again = await payWith(t.app, alice, sessionId);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(TEST_CHECKOUT_MESSAGES.alreadyPaid);
      expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 2, total_pot_cents: 2000 });
    });

    it('prices several games from the database and names "multiple" games', async () => {
      const g1 = await game({ title: 'Alpha Bowl', price_per_square_cents: 500 });
      const g2 = await game({ title: 'Beta Bowl', price_per_square_cents: 2500 });
      const res = await startCheckout(t.app, bob, [
        cartOf(g1, [{ x: 0, y: 0 }], 10_000, 'A'),
        cartOf(
          g2,
          [
            { x: 9, y: 9 },
            { x: 0, y: 1 },
          ],
          1,
          'B',
        ),
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ amount_cents: 500 + 2 * 2500, game_id: 'multiple' });
      const row = await checkoutRow(t.db.handle, res.json().checkout_id);
      expect(row.description).toBe('Alpha Bowl (1 square), Beta Bowl (2 squares)');
    });

    it('refuses squares someone else holds or owns, naming them, and holds nothing', async () => {
      const gameId = await game({ title: 'Taken Bowl' });
      const first = await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 5, y: 5 }])]);
      expect(first.statusCode).toBe(201);
      const second = await startCheckout(t.app, bob, [
        cartOf(gameId, [
          { x: 5, y: 6 },
          { x: 5, y: 5 },
        ]),
      ]);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toEqual({
        code: 'SQUARES_UNAVAILABLE',
        message: 'Some squares in your cart were just taken by someone else: Taken Bowl (Row 6, column 6). Remove them and try again.',
        squares: [{ game_id: gameId, x: 5, y: 5 }],
      });
      expect((await squareRows(t.db.handle, gameId)).map((s) => [s.x, s.y, s.user_id])).toEqual([[5, 5, alice.id]]);
    });

    it('a forged Host (with a matching Origin) never reaches the provider return links or the refund mail (issue 10 item 9)', async () => {
      const gameId = await game({ title: 'Host Bowl' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { host: 'evil.example', origin: 'http://evil.example', cookie: alice.cookie },
        payload: { cart: [cartOf(gameId, [{ x: 7, y: 7 }])] },
      });
      expect(res.statusCode).toBe(201);
      expect(new URL(res.json().url, 'http://localhost').host).not.toBe('evil.example');
      const row = await checkoutRow(t.db.handle, res.json().checkout_id);
      expect(row.public_origin).toBe('http://localhost:3000');
    });

    it('names the first ten taken squares in the sentence and every one in the squares field', async () => {
      const gameId = await game({ title: 'Busy Bowl' });
      const row = Array.from({ length: 10 }, (_, y) => ({ x: 0, y }));
      const taken = [...row, { x: 1, y: 0 }, { x: 1, y: 1 }];
      expect((await startCheckout(t.app, alice, [cartOf(gameId, taken)])).statusCode).toBe(201);
      const res = await startCheckout(t.app, bob, [cartOf(gameId, [...taken, { x: 2, y: 2 }])]);
      expect(res.statusCode).toBe(409);
      const { message, squares } = res.json().error;
      expect(squares).toHaveLength(12);
      expect(message).toBe(
        `Some squares in your cart were just taken by someone else: ${row.map((_, i) => `Busy Bowl (Row 1, column ${i + 1})`).join('; ')} and 2 more. Remove them and try again.`,
      );
    });

    it('refuses a square the buyer already owns', async () => {
      const gameId = await game({ title: 'Owned Bowl' });
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 0, y: 0 }])])).json();
      expect((await payWith(t.app, alice, await sessionIdOf(t.db.handle, created.checkout_id))).statusCode).toBe(200);
      const res = await startCheckout(t.app, alice, [
        cartOf(gameId, [
          { x: 0, y: 0 },
          { x: 0, y: 1 },
        ]),
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('SQUARES_UNAVAILABLE');
      expect(res.json().error.message).toBe('You already own some squares in your cart: Owned Bowl (Row 1, column 1). Remove them and try again.');
      expect(res.json().error.squares).toEqual([{ game_id: gameId, x: 0, y: 0 }]);
    });

    it("cancels the buyer's earlier open checkout: its holds go and its page takes no payment", async () => {
      const gameId = await game();
      const first = (
        await startCheckout(t.app, bob, [
          cartOf(gameId, [
            { x: 2, y: 2 },
            { x: 2, y: 3 },
          ]),
        ])
      ).json();
      const firstSession = await sessionIdOf(t.db.handle, first.checkout_id);
      // The same square again, and a new one: the earlier hold is the buyer's own, so no conflict.
      const second = await startCheckout(t.app, bob, [
        cartOf(gameId, [
          { x: 2, y: 2 },
          { x: 7, y: 7 },
        ]),
      ]);
      expect(second.statusCode).toBe(201);
      expect((await checkoutRow(t.db.handle, first.checkout_id)).status).toBe('cancelled');
      expect((await squareRows(t.db.handle, gameId)).map((s) => [s.x, s.y, s.checkout_id])).toEqual([
        [2, 2, second.json().checkout_id],
        [7, 7, second.json().checkout_id],
      ]);
      const page = await send(t.app, 'GET', `/api/checkout/test/${firstSession}`, { cookie: bob.cookie });
      expect(page.json().status).toBe('expired');
      expect((await payWith(t.app, bob, firstSession)).statusCode).toBe(409);
      expect(await db().selectFrom('checkouts').select('id').where('user_id', '=', bob.id).where('status', '=', 'open').execute()).toHaveLength(1);
    });

    it("a refused checkout leaves the buyer's open one alone: same holds, same page", async () => {
      const gameId = await game();
      const completed = await game({ title: 'Done Bowl', is_active: false });
      const first = (await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 6, y: 6 }])])).json();
      const firstSession = await sessionIdOf(t.db.handle, first.checkout_id);
      const held = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 6, y: 7 }])])).json();
      const before = async () => ({
        checkout: await checkoutRow(t.db.handle, first.checkout_id),
        squares: await squareRows(t.db.handle, gameId),
        page: await db().selectFrom('test_payment_sessions').selectAll().where('id', '=', firstSession).executeTakeFirstOrThrow(),
      });
      const snapshot = await before();
      const refusals = [
        await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 6, y: 6 }]), cartOf(completed, [{ x: 1, y: 1 }])]),
        await startCheckout(t.app, bob, [
          cartOf(gameId, [
            { x: 6, y: 6 },
            { x: 6, y: 7 },
          ]),
        ]),
      ];
      expect(refusals.map((r) => [r.statusCode, r.json().error.code])).toEqual([
        [409, 'GAME_CLOSED'],
        [409, 'SQUARES_UNAVAILABLE'],
      ]);
      expect(await before()).toEqual(snapshot);
      expect((await checkoutRow(t.db.handle, held.checkout_id)).status).toBe('open');
    });

    it('refuses games that are shuffled, completed or gone, naming the game', async () => {
      const shuffled = await game({ title: 'Drawn Bowl', grid_shuffled: true });
      const completed = await game({ title: 'Done Bowl', is_active: false });
      const open = await game({ title: 'Open Bowl' });
      const cases: [unknown[], string][] = [
        [[cartOf(shuffled, [{ x: 1, y: 1 }])], 'Sales for "Drawn Bowl" have closed: its numbers have been drawn. Remove it from your cart and try again.'],
        [[cartOf(completed, [{ x: 1, y: 1 }])], '"Done Bowl" is completed: its squares are no longer sold. Remove it from your cart and try again.'],
        [
          [cartOf(open, [{ x: 1, y: 1 }]), cartOf('00000000-0000-4000-8000-000000000000', [{ x: 1, y: 1 }], 10, 'Ghost Bowl')],
          '"Ghost Bowl" is no longer available. Remove it from your cart and try again.',
        ],
      ];
      for (const [cart, message] of cases) {
        const res = await startCheckout(t.app, alice, cart);
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toEqual({ code: 'GAME_CLOSED', message });
      }
      expect(await squareRows(t.db.handle, open)).toEqual([]);
    });
  });

  it('checkout status and the card page are never cached (Cache-Control: no-store)', async () => {
    const gameId = await game();
    const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 0, y: 5 }])])).json();
    const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
    const answers = [
      await send(t.app, 'GET', `/api/checkout/${created.checkout_id}`, { cookie: alice.cookie }),
      await send(t.app, 'GET', `/api/checkout/test/${sessionId}`, { cookie: alice.cookie }),
      await send(t.app, 'GET', `/api/checkout/test/${sessionId}`, { cookie: bob.cookie }),
      await payWith(t.app, alice, sessionId, '5555 5555 5555 4444'),
      await payWith(t.app, alice, sessionId),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 400, 200]);
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });

  describe('board events', () => {
    /** Resolves with the next `count` events of the game (PostgreSQL delivers through NOTIFY). */
    function nextEvents(gameId: string, count: number): Promise<unknown[]> {
      return new Promise((resolve, reject) => {
        const seen: unknown[] = [];
        const timer = setTimeout(() => reject(new Error(`only ${seen.length} events`)), 5000);
        const stop = t.app.gameEvents.subscribe(gameId, (event) => {
          seen.push(event);
          if (seen.length === count) {
            clearTimeout(timer);
            stop();
            resolve(seen);
          }
        });
      });
    }

    it('tell the board when squares are held, claimed and released', async () => {
      const gameId = await game();
      const squares = { game_id: gameId, reason: 'squares' };
      let events = nextEvents(gameId, 1);
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 2, y: 7 }])])).json();
      expect(await events).toEqual([squares]);
      events = nextEvents(gameId, 1);
      await payWith(t.app, alice, await sessionIdOf(t.db.handle, created.checkout_id));
      expect(await events).toEqual([squares]);
      events = nextEvents(gameId, 1);
      const other = (await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 2, y: 8 }])])).json();
      await events;
      events = nextEvents(gameId, 1);
      await send(t.app, 'POST', `/api/checkout/test/${await sessionIdOf(t.db.handle, other.checkout_id)}/cancel`, { cookie: bob.cookie, payload: {} });
      expect(await events).toEqual([squares]);
    });
  });

  describe('test card page', () => {
    it('a declined card (4000 0000 0000 0002) changes nothing: the page stays open, the squares held, and another card pays once (D45)', async () => {
      const gameId = await game({ price_per_square_cents: 1000 });
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 4, y: 4 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      const held = await squareRows(t.db.handle, gameId);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await payWith(t.app, alice, sessionId, DECLINED);
        expect(res.statusCode).toBe(402);
        expect(res.json().error).toEqual({ code: 'CARD_DECLINED', message: 'Your card was declined. Try another card.' });
      }
      // Nothing ended, nothing was paid: the same checkout, the same hold, the page still open.
      expect(await checkoutRow(t.db.handle, created.checkout_id)).toMatchObject({ status: 'open', provider_payment_id: null });
      expect(await squareRows(t.db.handle, gameId)).toEqual(held);
      expect(held).toMatchObject([{ x: 4, y: 4, status: 'held', user_id: alice.id }]);
      expect((await send(t.app, 'GET', `/api/checkout/test/${sessionId}`, { cookie: alice.cookie })).json().status).toBe('open');
      const view = await send(t.app, 'GET', `/api/checkout/${created.checkout_id}`, { cookie: alice.cookie });
      expect(view.json().checkout.status).toBe('open');
      // Nobody else can take the square meanwhile.
      expect((await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 4, y: 4 }])])).statusCode).toBe(409);

      // The good card pays, once; paying again is refused and changes nothing.
      const paid = await payWith(t.app, alice, sessionId);
      expect(paid.statusCode).toBe(200);
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('fulfilled');
      expect((await payWith(t.app, alice, sessionId)).statusCode).toBe(409);
      expect((await payWith(t.app, alice, sessionId, DECLINED)).statusCode).toBe(409);
      expect(await squareRows(t.db.handle, gameId)).toMatchObject([{ x: 4, y: 4, status: 'claimed', user_id: alice.id }]);
      expect(await expectCountersMatch(t.db.handle, gameId)).toEqual({ claimed: 1, pot: 1000, collected: 1000 });
      const payments = await db().selectFrom('test_payment_sessions').select(['status', 'payment_id']).where('id', '=', sessionId).execute();
      expect(payments).toMatchObject([{ status: 'paid' }]);
    });

    it('after a declined card, only the expiry ends the checkout and releases its squares (D45)', async () => {
      const gameId = await game();
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 4, y: 5 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      expect((await payWith(t.app, alice, sessionId, DECLINED)).statusCode).toBe(402);
      await t.app.checkoutSweeper.sweepExpired(new Date());
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('open');
      expect(await squareRows(t.db.handle, gameId)).toHaveLength(1);

      await t.app.checkoutSweeper.sweepExpired(new Date(Date.now() + CHECKOUT_TTL_MS + MINUTE));
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('expired');
      expect(await squareRows(t.db.handle, gameId)).toEqual([]);
      // The page takes no card any more, good or declined; someone else may have the square now.
      for (const card of [undefined, DECLINED]) {
        const res = await payWith(t.app, alice, sessionId, card);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(TEST_CHECKOUT_MESSAGES.expired);
      }
      expect((await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 4, y: 5 }])])).statusCode).toBe(201);
    });

    it('refuses other cards and bad details with a clear message, keeping the page open', async () => {
      const gameId = await game();
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 8, y: 8 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      const card = { card_number: '4242424242424242', expiry: '12/39', cvc: '123', name: 'A' };
      const cases: [object, string][] = [
        [{ card_number: '5555 5555 5555 4444' }, TEST_CHECKOUT_MESSAGES.onlyTestCards],
        [{ card_number: '4242' }, TEST_CHECKOUT_MESSAGES.numberInvalid],
        [{ expiry: '13/30' }, TEST_CHECKOUT_MESSAGES.expiryMonthInvalid],
        [{ expiry: '01/20' }, TEST_CHECKOUT_MESSAGES.expiryPast],
        [{ expiry: '' }, TEST_CHECKOUT_MESSAGES.expiryIncomplete],
        [{ cvc: '1' }, TEST_CHECKOUT_MESSAGES.cvcIncomplete],
        [{ name: ' ' }, TEST_CHECKOUT_MESSAGES.nameRequired],
      ];
      for (const [change, message] of cases) {
        const res = await send(t.app, 'POST', `/api/checkout/test/${sessionId}/pay`, { cookie: alice.cookie, payload: { ...card, ...change } });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('open');
      expect((await send(t.app, 'GET', '/api/checkout/test/test_cs_nope', { cookie: alice.cookie })).statusCode).toBe(404);
    });

    it('Cancel releases the holds and goes back to the cart, naming the checkout (D21: the cart cancels it too)', async () => {
      const gameId = await game();
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 6, y: 1 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      const res = await send(t.app, 'POST', `/api/checkout/test/${sessionId}/cancel`, { cookie: alice.cookie, payload: {} });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ redirect_url: `http://localhost/cart?cancelled=${created.checkout_id}` });
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('cancelled');
      expect(await squareRows(t.db.handle, gameId)).toEqual([]);
      expect((await payWith(t.app, alice, sessionId)).statusCode).toBe(409);
    });

    it('refuses to pay on a page past its expiry', async () => {
      const gameId = await game();
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 6, y: 2 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      await db()
        .updateTable('test_payment_sessions')
        .set({ expires_at: new Date(Date.now() - MINUTE).toISOString() })
        .where('id', '=', sessionId)
        .execute();
      const res = await payWith(t.app, alice, sessionId);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(TEST_CHECKOUT_MESSAGES.expired);
    });
  });

  describe('confirmation and expiry', () => {
    it('GET /api/checkout/:id asks the provider and fulfills a payment whose confirmation never came (D21)', async () => {
      const gameId = await game({ price_per_square_cents: 700 });
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 9, y: 0 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      // Paid at the provider; nothing told us.
      await db().updateTable('test_payment_sessions').set({ status: 'paid', payment_id: 'test_pi_silent' }).where('id', '=', sessionId).execute();
      const view = await send(t.app, 'GET', `/api/checkout/${created.checkout_id}`, { cookie: alice.cookie });
      expect(view.json().checkout.status).toBe('fulfilled');
      expect((await checkoutRow(t.db.handle, created.checkout_id)).provider_payment_id).toBe('test_pi_silent');
      expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 1, total_pot_cents: 700 });
    });

    it('the sweep expires an unpaid checkout and frees its squares', async () => {
      const gameId = await game();
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 3, y: 3 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      await t.app.checkoutSweeper.sweepExpired(new Date());
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('open');
      await t.app.checkoutSweeper.sweepExpired(new Date(Date.now() + CHECKOUT_TTL_MS + MINUTE));
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('expired');
      expect(await squareRows(t.db.handle, gameId)).toEqual([]);
      const page = await send(t.app, 'GET', `/api/checkout/test/${sessionId}`, { cookie: alice.cookie });
      expect(page.json().status).toBe('expired');
      expect((await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 3, y: 3 }])])).statusCode).toBe(201);
    });

    it('the sweep fulfills an expired checkout that the provider says was paid', async () => {
      const gameId = await game();
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 3, y: 9 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      await db().updateTable('test_payment_sessions').set({ status: 'paid', payment_id: 'test_pi_sweep' }).where('id', '=', sessionId).execute();
      await t.app.checkoutSweeper.sweepExpired(new Date(Date.now() + CHECKOUT_TTL_MS + MINUTE));
      expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('fulfilled');
      expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 1, total_pot_cents: 1000 });
    });

    it('an expired hold is taken over by the next buyer even before the sweep', async () => {
      const gameId = await game();
      const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 1, y: 8 }])])).json();
      await db()
        .updateTable('squares')
        .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('checkout_id', '=', created.checkout_id)
        .execute();
      const res = await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 1, y: 8 }])]);
      expect(res.statusCode).toBe(201);
      expect((await squareRows(t.db.handle, gameId)).map((s) => s.user_id)).toEqual([bob.id]);
    });

    it('a hold ends at its expiry instant on every reading: the board shows the square free at the instant checkout takes it over', async () => {
      const gameId = await game();
      expect((await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 2, y: 8 }])])).statusCode).toBe(201);
      const [held] = await squareRows(t.db.handle, gameId);
      const end = held!.hold_expires_at!;
      const before = new Date(new Date(end).getTime() - 1).toISOString();
      const board = (now: string) => squaresRepository(db()).boardSquares(gameId, now);
      const taken = (now: string) => checkoutRepository(db(), t.db.handle.kind).takenSquares([{ game_id: gameId, x: 2, y: 8 }], now);
      expect((await board(before)).map((s) => s.user_id)).toEqual([alice.id]);
      expect((await taken(before)).map((s) => s.user_id)).toEqual([alice.id]);
      expect(await board(end)).toEqual([]);
      expect(await taken(end)).toEqual([]);
    });

    it('a late payment for a square someone else took is refunded in full, recorded and mailed', async () => {
      const gameId = await game({ title: 'Late Bowl', price_per_square_cents: 1500 });
      const late = (
        await startCheckout(t.app, alice, [
          cartOf(gameId, [
            { x: 4, y: 7 },
            { x: 4, y: 8 },
          ]),
        ])
      ).json();
      const lateSession = await sessionIdOf(t.db.handle, late.checkout_id);
      // Alice's hold lapses; Bob takes one of her squares and pays.
      await db()
        .updateTable('squares')
        .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('checkout_id', '=', late.checkout_id)
        .execute();
      const taker = (await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 4, y: 7 }])])).json();
      expect((await payWith(t.app, bob, await sessionIdOf(t.db.handle, taker.checkout_id))).statusCode).toBe(200);

      // Alice pays on her still-open page.
      const res = await payWith(t.app, alice, lateSession);
      expect(res.statusCode).toBe(200);
      const row = await checkoutRow(t.db.handle, late.checkout_id);
      expect(row).toMatchObject({ status: 'refunded', refund_reason: REFUND_REASONS.taken });
      expect(row.refunded_at).not.toBeNull();
      const refunds = await db().selectFrom('payment_refunds').selectAll().where('checkout_id', '=', late.checkout_id).execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ provider: 'test', amount_cents: 3000, reason: REFUND_REASONS.taken });
      expect(refunds[0]!.provider_refund_id).toMatch(/^test_re_/);
      const session = await db().selectFrom('test_payment_sessions').selectAll().where('id', '=', lateSession).executeTakeFirstOrThrow();
      expect(session.refund_id).toBe(refunds[0]!.provider_refund_id);

      // Nothing of hers was claimed, her other hold is gone, and the pot counts Bob's square only.
      expect((await squareRows(t.db.handle, gameId)).map((s) => [s.x, s.y, s.user_id, s.status])).toEqual([[4, 7, bob.id, 'claimed']]);
      expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 1, total_pot_cents: 1500 });
      await expectCountersMatch(t.db.handle, gameId);

      const mail = await latestMail(t.app, alice.email);
      expect(mail.subject).toBe('Your Squares Pool payment was refunded');
      expect(mail.text).toContain('$30.00');
      expect(mail.text).toContain(REFUND_REASONS.taken);
      expect(mail.html).toContain('http://localhost/my-squares');
      expect(mail.link).toBe('http://localhost/my-squares');

      const view = await send(t.app, 'GET', `/api/checkout/${late.checkout_id}`, { cookie: alice.cookie });
      expect(view.json().checkout).toMatchObject({ status: 'refunded', refund_reason: REFUND_REASONS.taken });
      // A repeated confirmation changes nothing.
      expect(await t.app.checkouts.confirmPaid({ sessionId: lateSession, paymentId: row.provider_payment_id! })).toBe('refunded');
      expect(await db().selectFrom('payment_refunds').selectAll().where('checkout_id', '=', late.checkout_id).execute()).toHaveLength(1);
    });

    it('a payment arriving after the checkout expired is refunded', async () => {
      const gameId = await game();
      const created = (await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 0, y: 9 }])])).json();
      const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
      expect(await t.app.checkouts.sessionExpired({ sessionId })).toBe(true);
      expect(await squareRows(t.db.handle, gameId)).toEqual([]);
      // The provider took the money anyway (a webhook arriving late).
      await db().updateTable('test_payment_sessions').set({ status: 'paid', payment_id: 'test_pi_after' }).where('id', '=', sessionId).execute();
      expect(await t.app.checkouts.confirmPaid({ sessionId, paymentId: 'test_pi_after' })).toBe('refunded');
      expect(await checkoutRow(t.db.handle, created.checkout_id)).toMatchObject({
        status: 'refunded',
        refund_reason: REFUND_REASONS.late,
        provider_payment_id: 'test_pi_after',
      });
      expect(await db().selectFrom('payment_refunds').select('amount_cents').where('checkout_id', '=', created.checkout_id).execute()).toEqual([
        { amount_cents: 1000 },
      ]);
      expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 0, total_pot_cents: 0 });
      expect(await squareRows(t.db.handle, gameId)).toEqual([]);
    });
  });

  describe('game deletion (D13)', () => {
    let admin: TestAccount;
    beforeAll(async () => {
      admin = await testAccount(t, { prefix: 'admin' });
      await db().updateTable('user').set({ isAdmin: true }).where('id', '=', admin.id).execute();
    });

    it("refunds the game's part of every paid checkout, cancels its open ones and keeps the records", async () => {
      const doomed = await game({ title: 'Doomed Bowl', price_per_square_cents: 2000 });
      const other = await game({ title: 'Other Bowl', price_per_square_cents: 300 });
      // Alice paid for squares of both games in one checkout; Bob has an open checkout.
      const paid = (
        await startCheckout(t.app, alice, [
          cartOf(doomed, [{ x: 1, y: 1 }]),
          cartOf(other, [
            { x: 2, y: 2 },
            { x: 2, y: 3 },
          ]),
        ])
      ).json();
      expect((await payWith(t.app, alice, await sessionIdOf(t.db.handle, paid.checkout_id))).statusCode).toBe(200);
      const bystander = (await startCheckout(t.app, admin, [cartOf(other, [{ x: 5, y: 5 }])])).json();
      expect((await payWith(t.app, admin, await sessionIdOf(t.db.handle, bystander.checkout_id))).statusCode).toBe(200);
      const open = (await startCheckout(t.app, bob, [cartOf(doomed, [{ x: 9, y: 9 }])])).json();
      const openSession = await sessionIdOf(t.db.handle, open.checkout_id);
      expect(await gameRow(t.db.handle, other)).toMatchObject({ squares_claimed: 3, total_pot_cents: 900 });

      const res = await send(t.app, 'DELETE', `/api/admin/games/${doomed}`, { cookie: admin.cookie });
      expect(res.statusCode).toBe(200);

      // Only the deleted game's part is refunded; the checkout keeps its other squares.
      expect(await checkoutRow(t.db.handle, paid.checkout_id)).toMatchObject({ status: 'fulfilled', refund_reason: null });
      const refunds = await db().selectFrom('payment_refunds').selectAll().where('checkout_id', '=', paid.checkout_id).execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ game_id: doomed, amount_cents: 2000, status: 'refunded', reason: REFUND_REASONS.gameDeleted('Doomed Bowl') });
      expect(
        await db().selectFrom('checkout_items').select(['game_id', 'x', 'y']).where('checkout_id', '=', paid.checkout_id).orderBy('game_id').execute(),
      ).toHaveLength(3);
      expect((await latestMail(t.app, alice.email)).text).toContain('The game "Doomed Bowl" was deleted by the organizer.');

      // The other game keeps every square and its whole pot.
      expect((await squareRows(t.db.handle, other)).map((s) => [s.x, s.y, s.user_id])).toEqual([
        [2, 2, alice.id],
        [2, 3, alice.id],
        [5, 5, admin.id],
      ]);
      expect(await gameRow(t.db.handle, other)).toMatchObject({ squares_claimed: 3, total_pot_cents: 900 });
      await expectCountersMatch(t.db.handle, other);

      expect((await checkoutRow(t.db.handle, open.checkout_id)).status).toBe('cancelled');
      expect((await send(t.app, 'GET', `/api/checkout/test/${openSession}`, { cookie: bob.cookie })).json().status).toBe('expired');
      // A payment that still arrives for the deleted game is refunded.
      await db().updateTable('test_payment_sessions').set({ status: 'paid', payment_id: 'test_pi_ghost' }).where('id', '=', openSession).execute();
      expect(await t.app.checkouts.confirmPaid({ sessionId: openSession, paymentId: 'test_pi_ghost' })).toBe('refunded');
      expect(await checkoutRow(t.db.handle, open.checkout_id)).toMatchObject({ status: 'refunded', refund_reason: REFUND_REASONS.gameGone('Doomed Bowl') });
      expect(await squareRows(t.db.handle, doomed)).toEqual([]);
    });
  });
});
