import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../tests/support/fake-stripe';
import type { CheckoutSessionInput, PaymentProvider } from './provider';
import { stripeProvider } from './stripe-provider';

let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = stripeProvider({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_BASE: fake.url });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
});

const MINUTE = 60_000;

function input(overrides: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput {
  return {
    checkoutId: randomUUID(),
    amountCents: 3500,
    description: 'Super Bowl - 3 squares, Pro Bowl - 1 square',
    lines: [
      { name: 'Super Bowl - 3 squares', unitAmountCents: 1000, quantity: 3 },
      { name: 'Pro Bowl - 1 square', unitAmountCents: 500, quantity: 1 },
    ],
    expiresAt: new Date(Date.now() + 30 * MINUTE),
    successUrl: 'http://localhost:3000/payment-success?checkout=abc',
    cancelUrl: 'http://localhost:3000/payment',
    customerEmail: 'buyer@example.com',
    ...overrides,
  };
}

/** Every POST the provider sent carried an idempotency key. */
function expectEveryPostKeyed() {
  const posts = fake.posts();
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) expect(post.idempotencyKey, `${post.method} ${post.path}`).toBeTruthy();
}

describe('Stripe provider against the fake Stripe', () => {
  it('creates a Checkout Session: card payment, usd line items, our checkout id, a 30-minute expiry, keyed by checkout id', async () => {
    const order = input();
    const created = await provider.createSession(order);

    expect(provider.name).toBe('stripe');
    expect(created.sessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${fake.url}/c/pay/${created.sessionId}`);

    const posts = fake.posts();
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post.path).toBe('/v1/checkout/sessions');
    expect(post.idempotencyKey).toBe(`checkout-session-${order.checkoutId}`);
    expect(post.body).toMatchObject({
      mode: 'payment',
      allowed_payment_method_types: ['card'],
      client_reference_id: order.checkoutId,
      metadata: { checkout_id: order.checkoutId },
      customer_email: 'buyer@example.com',
      success_url: order.successUrl,
      cancel_url: order.cancelUrl,
      expires_at: String(Math.ceil(order.expiresAt.getTime() / 1000)),
      line_items: [
        { price_data: { currency: 'usd', unit_amount: '1000', product_data: { name: 'Super Bowl - 3 squares' } }, quantity: '3' },
        { price_data: { currency: 'usd', unit_amount: '500', product_data: { name: 'Pro Bowl - 1 square' } }, quantity: '1' },
      ],
    });

    const session = fake.session(created.sessionId);
    expect(session.amount_total).toBe(3500);
    expect(session.status).toBe('open');
    // 30 minutes from now, give or take the test's own run time.
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 60);
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(30 * 60 + 1);
  });

  it('asking twice for the same checkout gives the same session, never a second one', async () => {
    const order = input();
    const before = fake.sessions.size;
    const [a, b] = await Promise.all([provider.createSession(order), provider.createSession(order)]);
    const c = await provider.createSession(order);
    expect(b.sessionId).toBe(a.sessionId);
    expect(c.sessionId).toBe(a.sessionId);
    expect(fake.sessions.size).toBe(before + 1);
    expect(fake.posts().every((p) => p.idempotencyKey === `checkout-session-${order.checkoutId}`)).toBe(true);
  });

  it('a lost answer is retried with the same key and still makes one session', async () => {
    const order = input();
    const before = fake.sessions.size;
    fake.dropNextResponse();
    const created = await provider.createSession(order);
    expect(fake.sessions.size).toBe(before + 1);
    const posts = fake.posts();
    expect(posts).toHaveLength(2);
    expect(posts.map((p) => p.idempotencyKey)).toEqual([`checkout-session-${order.checkoutId}`, `checkout-session-${order.checkoutId}`]);
    expect(posts[1]!.replayed).toBe(true);
    expect(fake.session(created.sessionId).client_reference_id).toBe(order.checkoutId);
  });

  it('Stripe refusing a 10-minute expiry surfaces as an error, and no session exists', async () => {
    const before = fake.sessions.size;
    await expect(provider.createSession(input({ expiresAt: new Date(Date.now() + 10 * MINUTE) }))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'expires_at',
      message: expect.stringContaining('at least 30 minutes'),
    });
    expect(fake.sessions.size).toBe(before);
  });

  it('refuses lines that do not add up to the checkout amount before asking Stripe', async () => {
    await expect(provider.createSession(input({ amountCents: 3400 }))).rejects.toThrow(/add up to 3500 cents, not 3400/);
    expect(fake.requests).toHaveLength(0);
  });

  it('a server error from Stripe is retried a bounded number of times, then surfaces', async () => {
    fake.failNext(3);
    await expect(provider.createSession(input())).rejects.toMatchObject({ type: 'StripeAPIError' });
    // One attempt and two retries, all with the same key.
    expect(fake.posts()).toHaveLength(3);
    expect(new Set(fake.posts().map((p) => p.idempotencyKey)).size).toBe(1);
  });

  it('maps the session state: open -> pending, paid -> paid with the PaymentIntent, expired -> expired', async () => {
    const open = await provider.createSession(input());
    expect(await provider.getSessionState(open.sessionId)).toEqual({ status: 'pending', url: open.url });

    const paid = fake.pay(open.sessionId);
    expect(await provider.getSessionState(open.sessionId)).toEqual({ status: 'paid', paymentId: paid.payment_intent });
    expect(paid.payment_intent).toMatch(/^pi_/);

    const lapsed = await provider.createSession(input());
    fake.expireNow(lapsed.sessionId);
    expect(await provider.getSessionState(lapsed.sessionId)).toEqual({ status: 'expired' });
  });

  it('maps a delayed payment: under way -> pending, then failed or paid', async () => {
    const failing = await provider.createSession(input());
    fake.payAsync(failing.sessionId);
    expect(await provider.getSessionState(failing.sessionId)).toEqual({ status: 'pending', underWay: true });
    fake.failAsync(failing.sessionId);
    expect(await provider.getSessionState(failing.sessionId)).toEqual({ status: 'failed' });

    const succeeding = await provider.createSession(input());
    fake.payAsync(succeeding.sessionId);
    const s = fake.succeedAsync(succeeding.sessionId);
    expect(await provider.getSessionState(succeeding.sessionId)).toEqual({ status: 'paid', paymentId: s.payment_intent });
  });

  it('an unknown session is an error, not a state', async () => {
    await expect(provider.getSessionState('cs_test_nope')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
  });

  it('expires an open session with the key expire-<session id>; already expired or complete is fine', async () => {
    const open = await provider.createSession(input());
    await provider.expireSession(open.sessionId);
    expect(fake.session(open.sessionId).status).toBe('expired');
    await provider.expireSession(open.sessionId);

    const lapsed = await provider.createSession(input());
    fake.expireNow(lapsed.sessionId);
    await provider.expireSession(lapsed.sessionId);

    const paid = await provider.createSession(input());
    fake.pay(paid.sessionId);
    await provider.expireSession(paid.sessionId);
    expect(fake.session(paid.sessionId).status).toBe('complete');

    const expires = fake.posts().filter((p) => p.path.endsWith('/expire'));
    expect(expires.length).toBe(4);
    for (const post of expires) expect(post.idempotencyKey).toBe(`expire-${post.path.split('/')[4]}`);
    expectEveryPostKeyed();
  });

  it('expiring an unknown session is an error', async () => {
    await expect(provider.expireSession('cs_test_nope')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('refunds in full, once per checkout, with the key refund-<checkout id>', async () => {
    const order = input();
    const created = await provider.createSession(order);
    const paymentId = fake.pay(created.sessionId).payment_intent!;

    const refund = {
      checkoutId: order.checkoutId,
      paymentId,
      amountCents: 3500,
      reason: 'A square was taken before your payment arrived.',
      idempotencyKey: `refund-${order.checkoutId}`,
    };
    const [first, second] = await Promise.all([provider.refund(refund), provider.refund(refund)]);
    const third = await provider.refund(refund);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(first).toMatch(/^re_/);

    const refunds = fake.refunds.filter((r) => r.payment_intent === paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: 3500,
      reason: 'requested_by_customer',
      idempotencyKey: `refund-${order.checkoutId}`,
      metadata: { checkout_id: order.checkoutId, refund_key: `refund-${order.checkoutId}`, amount_cents: '3500', reason: refund.reason },
    });
    // The third finds the refund among the payment's refunds and posts nothing.
    const posts = fake.posts().filter((p) => p.path === '/v1/refunds');
    expect(posts).toHaveLength(2);
    expect(posts.every((p) => p.idempotencyKey === `refund-${order.checkoutId}`)).toBe(true);
    expectEveryPostKeyed();
  });

  it('a refund repeated after Stripe forgot the key finds the earlier refund instead of failing', async () => {
    const order = input();
    const created = await provider.createSession(order);
    const paymentId = fake.pay(created.sessionId).payment_intent!;
    const key = `refund-${order.checkoutId}`;
    const refundId = await provider.refund({ checkoutId: order.checkoutId, paymentId, amountCents: 3500, reason: 'late', idempotencyKey: key });

    // Stripe keeps idempotency keys for 24 hours; a day later the same key is new to it.
    fake.forgetIdempotencyKeys();
    const again = await provider.refund({ checkoutId: order.checkoutId, paymentId, amountCents: 3500, reason: 'late, again', idempotencyKey: key });
    expect(again).toBe(refundId);
    expect(fake.refunds.filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
  });

  it('refunds parts of a payment, each once per key even after Stripe forgot the keys, never more than was paid', async () => {
    const order = input();
    const created = await provider.createSession(order);
    const paymentId = fake.pay(created.sessionId).payment_intent!;
    const part = (gameId: string, amountCents: number) => ({
      checkoutId: order.checkoutId,
      paymentId,
      amountCents,
      reason: 'deleted',
      idempotencyKey: `refund-${order.checkoutId}-${gameId}`,
    });

    const first = await provider.refund(part('g1', 1000));
    const second = await provider.refund(part('g2', 2000));
    expect(second).not.toBe(first);
    fake.forgetIdempotencyKeys();
    expect(await provider.refund(part('g1', 1000))).toBe(first);
    expect(await provider.refund(part('g2', 2000))).toBe(second);
    expect(fake.refunds.filter((r) => r.payment_intent === paymentId).map((r) => [r.amount, r.idempotencyKey])).toEqual([
      [1000, `refund-${order.checkoutId}-g1`],
      [2000, `refund-${order.checkoutId}-g2`],
    ]);
    // 500 cents are left of 3500: more is refused.
    await expect(provider.refund(part('g3', 600))).rejects.toMatchObject({ param: 'amount' });
    expectEveryPostKeyed();
  });

  it('a refund of an unknown payment is an error', async () => {
    await expect(
      provider.refund({ checkoutId: randomUUID(), paymentId: 'pi_nope', amountCents: 100, reason: 'x', idempotencyKey: 'refund-x' }),
    ).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('a wrong secret key is refused by Stripe and surfaces', async () => {
    const wrong = stripeProvider({ STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_API_BASE: fake.url });
    await expect(wrong.createSession(input())).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });

  it('needs a secret key', () => {
    expect(() => stripeProvider({ STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
