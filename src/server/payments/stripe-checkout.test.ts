import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { type FakeStripe, type SignedEvent, startFakeStripe } from '../../../tests/support/fake-stripe';
import { insertGame } from '../../../tests/support/fixtures';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.routes';

/**
 * Stripe Checkout end to end (D21, D22): the real app and database, the checkout service, the
 * Stripe provider talking to a fake Stripe on 127.0.0.1, and webhooks signed as Stripe signs them.
 */

const HOST = 'localhost:3000';
const ORIGIN = 'http://localhost:3000';
const PRICE_CENTS = 1000;

let fake: FakeStripe;
let t: TestApp;
let gameId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

type Square = { x: number; y: number };

interface Bought {
  checkoutId: string;
  sessionId: string;
  url: string;
  amountCents: number;
}

async function checkout(cookie: string, squares: Square[]): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { host: HOST, origin: ORIGIN, cookie },
    payload: { cart: [{ game_id: gameId, game_title: 'Test Bowl', price_per_square: PRICE_CENTS / 100, squares }], notes: 'go birds' },
  });
}

/** A signed-in buyer's checkout of these squares; its session at the fake Stripe. */
async function buy(cookie: string, squares: Square[]): Promise<Bought> {
  const res = await checkout(cookie, squares);
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const created = res.json() as { checkout_id: string; url: string; amount_cents: number };
  const session = [...fake.sessions.values()].find((s) => s.client_reference_id === created.checkout_id);
  if (!session) throw new Error(`no Stripe session for checkout ${created.checkout_id}`);
  return { checkoutId: created.checkout_id, sessionId: session.id, url: created.url, amountCents: created.amount_cents };
}

function deliver(event: Pick<SignedEvent, 'payload' | 'headers'>, headers: Record<string, string> = {}) {
  // Stripe sends no Origin and no cookie.
  return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { host: HOST, ...event.headers, ...headers }, payload: event.payload });
}

async function checkoutRow(id: string) {
  return t.db.handle.db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function squaresOf(checkoutId: string) {
  return t.db.handle.db.selectFrom('squares').select(['x', 'y', 'status', 'user_id']).where('checkout_id', '=', checkoutId).orderBy('x').orderBy('y').execute();
}

async function cellRows(squares: Square[]) {
  const rows = await t.db.handle.db.selectFrom('squares').select(['x', 'y', 'status', 'user_id', 'checkout_id']).where('game_id', '=', gameId).execute();
  return rows.filter((r) => squares.some((s) => s.x === r.x && s.y === r.y));
}

async function game() {
  return t.db.handle.db.selectFrom('games').select(['squares_claimed', 'total_pot_cents']).where('id', '=', gameId).executeTakeFirstOrThrow();
}

async function userIdOf(email: string) {
  return (await t.db.handle.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

const SQUARES: Square[] = [
  { x: 1, y: 2 },
  { x: 3, y: 4 },
  { x: 5, y: 6 },
];

describe('Stripe checkout end to end', () => {
  beforeEach(async () => {
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url },
    });
    gameId = await insertGame(t.db.handle, { title: 'Test Bowl', price_per_square_cents: PRICE_CENTS });
  });
  afterEach(() => t.close());

  it('POST /api/checkout opens a Stripe Checkout Session: 30 minutes, our checkout id, keyed by it', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const before = Date.now();
    const bought = await buy(buyer.cookie, SQUARES);

    expect(bought.url).toBe(`${fake.url}/c/pay/${bought.sessionId}`);
    expect(bought.amountCents).toBe(3 * PRICE_CENTS);
    const session = fake.session(bought.sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount_total: 3 * PRICE_CENTS,
      currency: 'usd',
      client_reference_id: bought.checkoutId,
      metadata: { checkout_id: bought.checkoutId },
      customer_email: buyer.email,
      allowed_payment_method_types: ['card'],
    });
    expect(session.success_url).toContain(`${ORIGIN}/payment-success`);
    expect(session.success_url).toContain(bought.checkoutId);
    const expiresMs = session.expires_at * 1000;
    expect(expiresMs).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(expiresMs).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);

    const create = fake.posts().find((p) => p.path === '/v1/checkout/sessions' && p.body.client_reference_id === bought.checkoutId);
    expect(create?.idempotencyKey).toBe(`checkout-session-${bought.checkoutId}`);
    expect((await checkoutRow(bought.checkoutId)).provider).toBe('stripe');
    expect((await squaresOf(bought.checkoutId)).map((s) => s.status)).toEqual(['held', 'held', 'held']);
  });

  it('forged, stale or missing signatures are 400 and fulfill nothing', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    fake.pay(bought.sessionId);

    const forged = fake.event('checkout.session.completed', bought.sessionId, { secret: 'whsec_forged' });
    const stale = fake.event('checkout.session.completed', bought.sessionId, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    const valid = fake.event('checkout.session.completed', bought.sessionId);
    const { 'stripe-signature': _sig, ...unsigned } = valid.headers;
    for (const res of [await deliver(forged), await deliver(stale), await deliver({ payload: valid.payload, headers: unsigned as SignedEvent['headers'] })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
    }

    expect((await checkoutRow(bought.checkoutId)).status).toBe('open');
    expect((await squaresOf(bought.checkoutId)).map((s) => s.status)).toEqual(['held', 'held', 'held']);
    expect(await game()).toEqual({ squares_claimed: 0, total_pot_cents: 0 });
  });

  it('a valid checkout.session.completed claims the squares and counts the pot', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    const paid = fake.pay(bought.sessionId);

    const res = await deliver(fake.event('checkout.session.completed', bought.sessionId));
    expect(res.statusCode).toBe(200);

    const row = await checkoutRow(bought.checkoutId);
    expect(row.status).toBe('fulfilled');
    expect((row as Record<string, unknown>).provider_payment_id).toBe(paid.payment_intent);
    const userId = await userIdOf(buyer.email);
    expect(await squaresOf(bought.checkoutId)).toEqual(SQUARES.map((s) => ({ ...s, status: 'claimed', user_id: userId })));
    expect(await game()).toEqual({ squares_claimed: 3, total_pot_cents: 3 * PRICE_CENTS });
  });

  it('the webhook is exempt from the same-origin check: a foreign Origin does not stop it', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    fake.pay(bought.sessionId);
    const res = await deliver(fake.event('checkout.session.completed', bought.sessionId), { origin: 'https://stripe.example' });
    expect(res.statusCode).toBe(200);
    expect((await checkoutRow(bought.checkoutId)).status).toBe('fulfilled');

    // Other state-changing routes still refuse a foreign origin.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { host: HOST, origin: 'https://evil.example', cookie: buyer.cookie },
      payload: { cart: [] },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('the same event three times at once plus an out-of-order expired event: squares claimed once, pot counted once', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    const paid = fake.pay(bought.sessionId);
    const completed = fake.event('checkout.session.completed', bought.sessionId);
    // A stale snapshot saying the session expired (Stripe now reports it paid).
    const expired = fake.event('checkout.session.expired', { ...paid, status: 'expired', payment_status: 'unpaid', payment_intent: null });

    // The expired snapshot first, on its own: it must not release squares Stripe reports paid.
    expect((await deliver(expired)).statusCode).toBe(200);
    const answers = await Promise.all([deliver(completed), deliver(expired), deliver(completed), deliver(completed)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // And again, late.
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await deliver(completed)).statusCode).toBe(200);

    expect((await checkoutRow(bought.checkoutId)).status).toBe('fulfilled');
    expect((await squaresOf(bought.checkoutId)).map((s) => s.status)).toEqual(['claimed', 'claimed', 'claimed']);
    expect(await game()).toEqual({ squares_claimed: 3, total_pot_cents: 3 * PRICE_CENTS });
    expect(fake.refunds).toEqual([]);
  });

  it('an expired event before any payment releases the holds; the squares can be bought again', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    fake.expireNow(bought.sessionId);

    expect((await deliver(fake.event('checkout.session.expired', bought.sessionId))).statusCode).toBe(200);
    expect((await checkoutRow(bought.checkoutId)).status).toBe('expired');
    expect(await squaresOf(bought.checkoutId)).toEqual([]);

    const other = await testAccount(t, { prefix: 'other' });
    await buy(other.cookie, SQUARES);
  });

  it('a delayed payment: completed but unpaid holds on; async_payment_failed releases the holds', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    fake.payAsync(bought.sessionId);

    expect((await deliver(fake.event('checkout.session.completed', bought.sessionId))).statusCode).toBe(200);
    expect((await checkoutRow(bought.checkoutId)).status).toBe('open');
    expect((await squaresOf(bought.checkoutId)).map((s) => s.status)).toEqual(['held', 'held', 'held']);

    fake.failAsync(bought.sessionId);
    expect((await deliver(fake.event('checkout.session.async_payment_failed', bought.sessionId))).statusCode).toBe(200);
    expect((await checkoutRow(bought.checkoutId)).status).toBe('declined');
    expect(await squaresOf(bought.checkoutId)).toEqual([]);
    expect(await game()).toEqual({ squares_claimed: 0, total_pot_cents: 0 });

    // Released for real: someone else can hold them now.
    const other = await testAccount(t, { prefix: 'other' });
    await buy(other.cookie, SQUARES);
  });

  it('a delayed payment that succeeds is claimed on async_payment_succeeded', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    fake.payAsync(bought.sessionId);
    expect((await deliver(fake.event('checkout.session.completed', bought.sessionId))).statusCode).toBe(200);
    fake.succeedAsync(bought.sessionId);
    expect((await deliver(fake.event('checkout.session.async_payment_succeeded', bought.sessionId))).statusCode).toBe(200);
    expect((await checkoutRow(bought.checkoutId)).status).toBe('fulfilled');
    expect(await game()).toEqual({ squares_claimed: 3, total_pot_cents: 3 * PRICE_CENTS });
  });

  it('a late payment, after another buyer took over the lapsed hold, is refunded in full through Stripe, once', async () => {
    const late = await testAccount(t, { prefix: 'late' });
    const first = await buy(late.cookie, SQUARES);

    // The hold lapses (as if 35 minutes had passed) while the buyer still sits on Stripe's page.
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.db.handle.db.updateTable('squares').set({ hold_expires_at: past }).where('checkout_id', '=', first.checkoutId).execute();
    await t.db.handle.db.updateTable('checkouts').set({ expires_at: past, hold_until: past }).where('id', '=', first.checkoutId).execute();

    const quick = await testAccount(t, { prefix: 'quick' });
    const second = await buy(quick.cookie, SQUARES);
    const quickId = await userIdOf(quick.email);
    expect((await cellRows(SQUARES)).every((r) => r.checkout_id === second.checkoutId && r.user_id === quickId)).toBe(true);

    // Then the first buyer's payment goes through, and its webhook arrives (three times).
    const paid = fake.pay(first.sessionId);
    const completed = fake.event('checkout.session.completed', first.sessionId);
    const answers = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const row = await checkoutRow(first.checkoutId);
    expect(row.status).toBe('refunded');
    expect(row.refund_reason).toBeTruthy();
    expect(fake.refunds).toHaveLength(1);
    expect(fake.refunds[0]).toMatchObject({
      payment_intent: paid.payment_intent,
      amount: first.amountCents,
      reason: 'requested_by_customer',
      idempotencyKey: `refund-${first.checkoutId}`,
    });
    const refundPosts = fake.posts().filter((p) => p.path === '/v1/refunds');
    expect(refundPosts.length).toBeGreaterThanOrEqual(1);
    expect(refundPosts.every((p) => p.idempotencyKey === `refund-${first.checkoutId}`)).toBe(true);

    // The second buyer's holds are untouched and nothing was counted for the refunded payment.
    expect((await cellRows(SQUARES)).map((r) => [r.status, r.checkout_id])).toEqual(SQUARES.map(() => ['held', second.checkoutId]));
    expect(await game()).toEqual({ squares_claimed: 0, total_pot_cents: 0 });

    // The second buyer pays: their squares are claimed as usual.
    fake.pay(second.sessionId);
    expect((await deliver(fake.event('checkout.session.completed', second.sessionId))).statusCode).toBe(200);
    expect(await game()).toEqual({ squares_claimed: 3, total_pot_cents: 3 * PRICE_CENTS });
  });

  it('without the webhook, the buyer returning to the success page gets the payment confirmed (D21)', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    fake.pay(bought.sessionId);
    const res = await t.app.inject({ method: 'GET', url: `/api/checkout/${bought.checkoutId}`, headers: { host: HOST, cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ checkout: { status: 'fulfilled' } });
    // The webhook coming later changes nothing.
    expect((await deliver(fake.event('checkout.session.completed', bought.sessionId))).statusCode).toBe(200);
    expect(await game()).toEqual({ squares_claimed: 3, total_pot_cents: 3 * PRICE_CENTS });
  });

  it("Stripe's cancel link names the checkout; the buyer is offered Stripe's page to resume, and cancelling expires it at Stripe and releases the holds (D21)", async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    expect(fake.session(bought.sessionId)?.cancel_url).toBe(`${ORIGIN}/cart?cancelled=${bought.checkoutId}`);

    const mine = await t.app.inject({ method: 'GET', url: '/api/me/checkout', headers: { host: HOST, cookie: buyer.cookie } });
    expect(mine.json().checkouts.map((c: { id: string; url: string }) => [c.id, c.url])).toEqual([[bought.checkoutId, bought.url]]);

    // Back through the cancel link: the cart asks the server to cancel.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/${bought.checkoutId}/cancel`,
      headers: { host: HOST, origin: ORIGIN, cookie: buyer.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout.status).toBe('cancelled');
    expect(fake.session(bought.sessionId)?.status).toBe('expired');
    expect(await cellRows(SQUARES)).toEqual([]);
  });

  it('a webhook for a session that is not ours is acknowledged and changes nothing', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const bought = await buy(buyer.cookie, SQUARES);
    const paid = fake.pay(bought.sessionId);
    const res = await deliver(fake.event('checkout.session.completed', { ...paid, id: 'cs_test_someone_else' }));
    expect(res.statusCode).toBe(200);
    expect((await checkoutRow(bought.checkoutId)).status).toBe('open');
    expect(await game()).toEqual({ squares_claimed: 0, total_pot_cents: 0 });
  });

  it("a buyer's next checkout asks Stripe first: a paid earlier checkout is fulfilled, not cancelled (issue 10)", async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const first = await buy(buyer.cookie, SQUARES);
    // Paid on Stripe's page; the webhook has not arrived.
    fake.pay(first.sessionId);
    const second = await buy(buyer.cookie, [{ x: 9, y: 9 }]);
    expect((await checkoutRow(first.checkoutId)).status).toBe('fulfilled');
    expect((await squaresOf(first.checkoutId)).map((s) => s.status)).toEqual(['claimed', 'claimed', 'claimed']);
    expect((await checkoutRow(second.checkoutId)).status).toBe('open');
    expect(await game()).toEqual({ squares_claimed: 3, total_pot_cents: 3 * PRICE_CENTS });
  });

  it('deleting one game of a paid two-game checkout refunds that part through Stripe, keyed per checkout and game (issue 10)', async () => {
    const buyer = await testAccount(t, { prefix: 'buyer' });
    const admin = await testAccount(t, { admin: true });
    await t.db.handle.db.updateTable('user').set({ isAdmin: true }).where('email', '=', admin.email).execute();
    const doomed = await insertGame(t.db.handle, { title: 'Doomed Bowl', price_per_square_cents: 2500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { host: HOST, origin: ORIGIN, cookie: buyer.cookie },
      payload: {
        cart: [
          { game_id: gameId, game_title: 'Test Bowl', price_per_square: 10, squares: SQUARES },
          {
            game_id: doomed,
            game_title: 'Doomed Bowl',
            price_per_square: 25,
            squares: [
              { x: 0, y: 0 },
              { x: 0, y: 1 },
            ],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = res.json().checkout_id as string;
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === checkoutId)!;
    const paid = fake.pay(session.id);
    expect((await deliver(fake.event('checkout.session.completed', session.id))).statusCode).toBe(200);
    expect((await checkoutRow(checkoutId)).status).toBe('fulfilled');

    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/games/${doomed}`, headers: { host: HOST, origin: ORIGIN, cookie: admin.cookie } });
    expect(del.statusCode).toBe(200);
    const refunds = fake.refunds.filter((r) => r.payment_intent === paid.payment_intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 5000, idempotencyKey: `refund-${checkoutId}-${doomed}` });
    expect((await checkoutRow(checkoutId)).status).toBe('fulfilled');
    expect(await game()).toEqual({ squares_claimed: 3, total_pot_cents: 3 * PRICE_CENTS });
    const recorded = await t.db.handle.db.selectFrom('payment_refunds').selectAll().where('checkout_id', '=', checkoutId).execute();
    expect(recorded).toEqual([expect.objectContaining({ game_id: doomed, amount_cents: 5000, status: 'refunded', provider_refund_id: refunds[0]!.id })]);

    // A retry after Stripe forgot the key (a day later) finds the refund instead of refunding again.
    fake.forgetIdempotencyKeys();
    await t.db.handle.db.updateTable('payment_refunds').set({ status: 'pending', provider_refund_id: null }).where('checkout_id', '=', checkoutId).execute();
    await t.app.checkoutSweeper.sweepExpired();
    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect(await t.db.handle.db.selectFrom('payment_refunds').select(['status', 'provider_refund_id']).where('checkout_id', '=', checkoutId).execute()).toEqual(
      [{ status: 'refunded', provider_refund_id: refunds[0]!.id }],
    );
  });

  it('every POST to Stripe carried an idempotency key', () => {
    const posts = fake.posts();
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) expect(post.idempotencyKey, `${post.method} ${post.path}`).toMatch(/^(checkout-session|expire|refund)-/);
  });
});

describe('Stripe webhook route registration', () => {
  it('is not there when Stripe is not configured', async () => {
    const trial = await createTestApp();
    try {
      const res = await trial.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode).toBe(404);
    } finally {
      await trial.close();
    }
  });
});

describe('how many squares one account may hold at once (issue 10)', () => {
  beforeEach(async () => {
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url, MAX_HELD_SQUARES: '4' },
    });
    gameId = await insertGame(t.db.handle, { title: 'Test Bowl', price_per_square_cents: PRICE_CENTS });
  });
  afterEach(() => t.close());

  it('squares held by a checkout whose payment is under way count against the limit of a new checkout', async () => {
    const buyer = await testAccount(t, { prefix: 'holder' });
    const first = await buy(buyer.cookie, SQUARES);
    // A delayed payment method: the checkout cannot be cancelled, its holds stay.
    fake.payAsync(first.sessionId);
    const tooMany = await checkout(buyer.cookie, [
      { x: 8, y: 8 },
      { x: 8, y: 9 },
    ]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ code: 'HOLD_LIMIT' });
    expect(tooMany.json().error.message).toContain('at most 4 squares');
    expect(tooMany.json().error.message).toContain('already hold 3');
    expect(
      await cellRows([
        { x: 8, y: 8 },
        { x: 8, y: 9 },
      ]),
    ).toEqual([]);
    expect((await checkoutRow(first.checkoutId)).status).toBe('open');

    // One more fits, and the earlier checkout keeps its squares while its payment is under way.
    await buy(buyer.cookie, [{ x: 8, y: 8 }]);
    expect((await checkoutRow(first.checkoutId)).status).toBe('open');
    expect((await squaresOf(first.checkoutId)).map((s) => s.status)).toEqual(['held', 'held', 'held']);
  });

  it('a cart larger than the limit on its own is refused the same way', async () => {
    const buyer = await testAccount(t, { prefix: 'greedy' });
    const res = await checkout(buyer.cookie, [
      { x: 0, y: 0 },
      { x: 0, y: 1 },
      { x: 0, y: 2 },
      { x: 0, y: 3 },
      { x: 0, y: 4 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('HOLD_LIMIT');
    expect(await cellRows([{ x: 0, y: 0 }])).toEqual([]);
  });
});
