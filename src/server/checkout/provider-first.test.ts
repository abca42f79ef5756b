import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, checkoutRow, gameRow, sessionIdOf, squareRows, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { ok, send } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';
import { REFUND_REASONS } from './checkout.messages';
import { CHECKOUT_TTL_MS } from './create-checkout';

/**
 * Issue 10 item 5: nothing ends an open checkout without asking its provider whether it was
 * paid. Each case is a payment the test card page recorded ("paid" in the provider's table)
 * just before a crash, so nobody told the checkout: whatever ends the checkout next must find
 * the payment and fulfill it (or refund it), never cancel it.
 */
describe(`an open checkout ends only as its provider says (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    alice = await testAccount(t, { prefix: 'alice' });
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;

  /** An open checkout that the provider has taken the money for; the crash lost the confirmation. */
  async function paidButUnconfirmed(buyer: TestAccount, cart: unknown[]): Promise<{ checkoutId: string; sessionId: string; paymentId: string }> {
    const res = await startCheckout(t.app, buyer, cart);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = res.json().checkout_id as string;
    const sessionId = await sessionIdOf(t.db.handle, checkoutId);
    const paymentId = `test_pi_crash_${checkoutId.slice(0, 8)}`;
    await db().updateTable('test_payment_sessions').set({ status: 'paid', payment_id: paymentId }).where('id', '=', sessionId).execute();
    return { checkoutId, sessionId, paymentId };
  }

  it("the buyer's next checkout fulfills the paid one instead of cancelling it", async () => {
    const gameId = await insertGame(t.db.handle, { price_per_square_cents: 800 });
    const lost = await paidButUnconfirmed(alice, [
      cartOf(gameId, [
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]),
    ]);

    // The buyer starts again with one of the same squares and a new one.
    const next = await startCheckout(t.app, alice, [
      cartOf(gameId, [
        { x: 1, y: 1 },
        { x: 4, y: 4 },
      ]),
    ]);
    expect(next.statusCode).toBe(409);
    expect(next.json().error.message).toContain('You already own some squares in your cart');
    expect(await checkoutRow(t.db.handle, lost.checkoutId)).toMatchObject({ status: 'fulfilled', provider_payment_id: lost.paymentId });
    expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 2, total_pot_cents: 1600 });
    expect((await squareRows(t.db.handle, gameId)).map((s) => [s.x, s.y, s.status, s.user_id])).toEqual([
      [1, 1, 'claimed', alice.id],
      [1, 2, 'claimed', alice.id],
    ]);
    // A cart without them goes through.
    expect((await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 4, y: 4 }])])).statusCode).toBe(201);
  });

  it('drawing the numbers refunds a paid open checkout of the game instead of cancelling it', async () => {
    const gameId = await insertGame(t.db.handle, { title: 'Draw Bowl' });
    const lost = await paidButUnconfirmed(alice, [cartOf(gameId, [{ x: 2, y: 2 }])]);
    await ok(t.app, 'POST', `/api/admin/games/${gameId}/numbers/randomize`, admin.cookie, { confirm_not_full: true });
    expect(await checkoutRow(t.db.handle, lost.checkoutId)).toMatchObject({ status: 'refunded', refund_reason: REFUND_REASONS.salesClosed('Draw Bowl') });
    expect(await db().selectFrom('payment_refunds').select('amount_cents').where('checkout_id', '=', lost.checkoutId).execute()).toEqual([
      { amount_cents: 1000 },
    ]);
    expect(await squareRows(t.db.handle, gameId)).toEqual([]);
  });

  it('deleting the game refunds a paid open checkout of it instead of cancelling it', async () => {
    const gameId = await insertGame(t.db.handle, { title: 'Gone Bowl' });
    const other = await insertGame(t.db.handle, { title: 'Stay Bowl' });
    const lost = await paidButUnconfirmed(alice, [cartOf(gameId, [{ x: 3, y: 3 }]), cartOf(other, [{ x: 3, y: 3 }])]);
    expect((await send(t.app, 'DELETE', `/api/admin/games/${gameId}`, { cookie: admin.cookie })).statusCode).toBe(200);
    expect(await checkoutRow(t.db.handle, lost.checkoutId)).toMatchObject({ status: 'refunded', refund_reason: REFUND_REASONS.gameGone('Gone Bowl') });
    expect(await db().selectFrom('payment_refunds').select('amount_cents').where('checkout_id', '=', lost.checkoutId).execute()).toEqual([
      { amount_cents: 2000 },
    ]);
    // Nothing was claimed in the other game; its hold is released.
    expect(await squareRows(t.db.handle, other)).toEqual([]);
    expect(await gameRow(t.db.handle, other)).toMatchObject({ squares_claimed: 0, total_pot_cents: 0 });
  });

  it('Cancel on the card page after the payment went through fulfills instead of cancelling', async () => {
    const gameId = await insertGame(t.db.handle);
    const lost = await paidButUnconfirmed(alice, [cartOf(gameId, [{ x: 5, y: 5 }])]);
    expect(await t.app.checkouts.sessionCancelled({ sessionId: lost.sessionId })).toBe(false);
    expect((await checkoutRow(t.db.handle, lost.checkoutId)).status).toBe('fulfilled');
  });

  it('a restart finds it: the next sweep fulfills a paid open checkout long before it expires', async () => {
    const gameId = await insertGame(t.db.handle);
    const lost = await paidButUnconfirmed(alice, [cartOf(gameId, [{ x: 6, y: 6 }])]);
    await t.app.checkoutSweeper.sweepExpired(new Date());
    expect(await checkoutRow(t.db.handle, lost.checkoutId)).toMatchObject({ status: 'fulfilled', provider_payment_id: lost.paymentId });
    expect(await gameRow(t.db.handle, gameId)).toMatchObject({ squares_claimed: 1 });
  });

  it('a restart finishes a deletion whose follow-up work a crash cut off: the open checkout ends and its page closes', async () => {
    const gameId = await insertGame(t.db.handle);
    const other = await insertGame(t.db.handle);
    const res = await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 7, y: 7 }]), cartOf(other, [{ x: 7, y: 7 }])]);
    const checkoutId = res.json().checkout_id as string;
    const sessionId = await sessionIdOf(t.db.handle, checkoutId);
    // The game row went (its holds with it) and then the process died.
    await db().deleteFrom('games').where('id', '=', gameId).execute();
    await t.app.checkoutSweeper.sweepExpired(new Date());
    expect((await checkoutRow(t.db.handle, checkoutId)).status).toBe('cancelled');
    expect(await squareRows(t.db.handle, other)).toEqual([]);
    expect((await db().selectFrom('test_payment_sessions').select('status').where('id', '=', sessionId).executeTakeFirstOrThrow()).status).toBe('expired');
  });

  it('a restart finishes a replacement whose follow-up a crash cut off: the replaced checkout ends and its page closes', async () => {
    const gameId = await insertGame(t.db.handle);
    const res = await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 0, y: 9 }])]);
    const checkoutId = res.json().checkout_id as string;
    const sessionId = await sessionIdOf(t.db.handle, checkoutId);
    // The newer checkout's transaction took its squares, then the process died.
    await db().deleteFrom('squares').where('checkout_id', '=', checkoutId).execute();
    await t.app.checkoutSweeper.sweepExpired(new Date());
    expect((await checkoutRow(t.db.handle, checkoutId)).status).toBe('cancelled');
    expect((await db().selectFrom('test_payment_sessions').select('status').where('id', '=', sessionId).executeTakeFirstOrThrow()).status).toBe('expired');
  });

  it('an unpaid checkout superseded by the next one is still cancelled and its page closed', async () => {
    const gameId = await insertGame(t.db.handle);
    const first = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 8, y: 8 }])])).json();
    const firstSession = await sessionIdOf(t.db.handle, first.checkout_id);
    expect((await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 8, y: 8 }])])).statusCode).toBe(201);
    expect((await checkoutRow(t.db.handle, first.checkout_id)).status).toBe('cancelled');
    expect((await db().selectFrom('test_payment_sessions').select('status').where('id', '=', firstSession).executeTakeFirstOrThrow()).status).toBe('expired');
  });

  it('a checkout whose session was never recorded (a crash before the page was given out) is released by the sweep after it expires', async () => {
    const gameId = await insertGame(t.db.handle);
    const created = (await startCheckout(t.app, alice, [cartOf(gameId, [{ x: 9, y: 9 }])])).json();
    await db().updateTable('checkouts').set({ provider_session_id: null }).where('id', '=', created.checkout_id).execute();
    await t.app.checkoutSweeper.sweepExpired(new Date());
    expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('open');
    await t.app.checkoutSweeper.sweepExpired(new Date(Date.now() + CHECKOUT_TTL_MS + 60_000));
    expect((await checkoutRow(t.db.handle, created.checkout_id)).status).toBe('expired');
    expect(await squareRows(t.db.handle, gameId)).toEqual([]);
  });
});
