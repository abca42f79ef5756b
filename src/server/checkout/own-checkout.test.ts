import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, checkoutRow, gameRow, payWith, sessionIdOf, squareRows, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { send } from '../../../tests/support/request';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';

/**
 * Issue 11 item 1 (D21 revised): a buyer's own open checkout never blocks them. The server says
 * which checkouts are open for the buyer (GET /api/me/checkout, with the page to resume), and the
 * buyer can cancel one (POST /api/checkout/:id/cancel: start again, or back through the
 * provider's cancel link), which asks the provider first: a paid checkout is fulfilled, never
 * cancelled.
 */
describe(`the buyer's own open checkout (${testDbKind})`, () => {
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
  const open = (buyer: TestAccount) => send(t.app, 'GET', '/api/me/checkout', { cookie: buyer.cookie });
  const cancel = (buyer: TestAccount | null, id: string) => send(t.app, 'POST', `/api/checkout/${id}/cancel`, { cookie: buyer?.cookie, payload: {} });
  const sessionStatus = async (sessionId: string) =>
    (await db().selectFrom('test_payment_sessions').select('status').where('id', '=', sessionId).executeTakeFirstOrThrow()).status;

  /** Cancels the buyer's open checkouts left by an earlier case, so each case starts with none. */
  async function noneOpen(buyer: TestAccount) {
    for (const checkout of (await open(buyer)).json().checkouts) expect((await cancel(buyer, checkout.id)).statusCode).toBe(200);
  }

  it('GET /api/me/checkout lists the open checkout with its squares and the page to resume; nobody else sees it', async () => {
    expect((await send(t.app, 'GET', '/api/me/checkout')).statusCode).toBe(401);
    await noneOpen(alice);
    expect((await open(alice)).json()).toEqual({ checkouts: [] });

    const gameId = await insertGame(t.db.handle, { title: 'Own Bowl', price_per_square_cents: 1200 });
    const created = (
      await startCheckout(t.app, alice, [
        cartOf(gameId, [
          { x: 4, y: 8 },
          { x: 0, y: 1 },
        ]),
      ])
    ).json();
    const res = await open(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      checkouts: [
        {
          id: created.checkout_id,
          url: created.url,
          amount_cents: 2400,
          expires_at: created.expires_at,
          created_at: expect.any(String),
          squares: [
            { game_id: gameId, game_title: 'Own Bowl', x: 0, y: 1, price_cents: 1200 },
            { game_id: gameId, game_title: 'Own Bowl', x: 4, y: 8, price_cents: 1200 },
          ],
        },
      ],
    });
    expect((await open(bob)).json()).toEqual({ checkouts: [] });
    // Asking changes nothing: still open, still held.
    expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('open');
    expect((await squareRows(t.db.handle, gameId)).map((s) => s.status)).toEqual(['held', 'held']);
  });

  it('a checkout paid on its page meanwhile is fulfilled when asked about, not offered again', async () => {
    await noneOpen(alice);
    const gameId = await insertGame(t.db.handle);
    const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 2, y: 2 }])])).json();
    const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
    // The card page recorded the payment; no confirmation reached the checkout.
    await db().updateTable('test_payment_sessions').set({ status: 'paid', payment_id: 'test_pi_own_1' }).where('id', '=', sessionId).execute();
    expect((await open(alice)).json()).toEqual({ checkouts: [] });
    expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('fulfilled');
    expect((await squareRows(t.db.handle, gameId)).map((s) => s.status)).toEqual(['claimed']);
  });

  it('cancel releases the holds and closes the payment page, at once; again changes nothing', async () => {
    await noneOpen(alice);
    const gameId = await insertGame(t.db.handle);
    const created = (
      await startCheckout(t.app, alice, [
        cartOf(gameId, [
          { x: 5, y: 5 },
          { x: 5, y: 6 },
        ]),
      ])
    ).json();
    const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);

    const res = await cancel(alice, created.checkout_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout).toMatchObject({ id: created.checkout_id, status: 'cancelled', amount_cents: 2000 });
    expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('cancelled');
    expect(await squareRows(t.db.handle, gameId)).toEqual([]);
    expect(await sessionStatus(sessionId)).toBe('expired');
    expect((await payWith(t.app, alice, sessionId)).statusCode).toBe(409);
    expect((await open(alice)).json()).toEqual({ checkouts: [] });

    // Idempotent: the same answer, nothing else changes.
    const again = await cancel(alice, created.checkout_id);
    expect(again.statusCode).toBe(200);
    expect(again.json().checkout.status).toBe('cancelled');
    // The squares are free for anyone at once.
    expect((await startCheckout(t.app, bob, [cartOf(gameId, [{ x: 5, y: 5 }])])).statusCode).toBe(201);
  });

  it('cancel of a checkout whose payment went through fulfills it instead (the provider is asked first)', async () => {
    await noneOpen(alice);
    const gameId = await insertGame(t.db.handle, { price_per_square_cents: 900 });
    const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 7, y: 1 }])])).json();
    const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
    await db().updateTable('test_payment_sessions').set({ status: 'paid', payment_id: 'test_pi_own_2' }).where('id', '=', sessionId).execute();

    const res = await cancel(alice, created.checkout_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout.status).toBe('fulfilled');
    expect(await checkoutRow(t.db.handle, created.checkout_id)).toMatchObject({ status: 'fulfilled', provider_payment_id: 'test_pi_own_2' });
    expect((await squareRows(t.db.handle, gameId)).map((s) => [s.status, s.user_id])).toEqual([['claimed', alice.id]]);
    expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 1, total_pot_cents: 900 });
  });

  it("only the buyer may cancel: visitors 401, someone else's checkout answers as one that does not exist, a foreign page 403", async () => {
    await noneOpen(alice);
    const gameId = await insertGame(t.db.handle);
    const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 3, y: 3 }])])).json();

    expect((await cancel(null, created.checkout_id)).statusCode).toBe(401);
    const missing = await cancel(bob, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const others = await cancel(bob, created.checkout_id);
    expect(others.statusCode).toBe(404);
    expect(others.body).toBe(missing.body);
    expect((await cancel(alice, 'not-a-checkout')).statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/${created.checkout_id}/cancel`,
      headers: { origin: 'https://evil.example', cookie: alice.cookie },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('open');
    expect((await squareRows(t.db.handle, gameId)).map((s) => s.status)).toEqual(['held']);
  });

  it("the provider's cancel link comes back to the cart naming the checkout", async () => {
    await noneOpen(alice);
    const gameId = await insertGame(t.db.handle);
    const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 9, y: 0 }])])).json();
    const sessionId = await sessionIdOf(t.db.handle, created.checkout_id);
    const session = await db().selectFrom('test_payment_sessions').select('cancel_url').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(session.cancel_url).toBe(`http://localhost/cart?cancelled=${created.checkout_id}`);
  });
});
