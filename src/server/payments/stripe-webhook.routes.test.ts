import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, type SignedEvent, startFakeStripe } from '../../../tests/support/fake-stripe';
import { registerErrorHandling } from '../http/errors';
import type { PaymentProvider } from './provider';
import { stripeProvider } from './stripe-provider';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes, type StripeWebhookHandlers } from './stripe-webhook.routes';

/**
 * The webhook route on its own, with a checkout service that records its calls: signatures,
 * event routing, raw bodies. The end-to-end tests with the real checkout service are in
 * stripe-checkout.test.ts.
 */

type Call = [keyof StripeWebhookHandlers, object];
let calls: Call[];
let gate: Promise<void> | null;
let failWith: Error | null;

const handlers: StripeWebhookHandlers = {
  async confirmPaid(input) {
    if (gate) await gate;
    if (failWith) throw failWith;
    calls.push(['confirmPaid', input]);
  },
  async paymentFailed(input) {
    if (failWith) throw failWith;
    calls.push(['paymentFailed', input]);
  },
  async sessionExpired(input) {
    if (failWith) throw failWith;
    calls.push(['sessionExpired', input]);
  },
};

let fake: FakeStripe;
let app: FastifyInstance;
let sessionId: string;
let provider: PaymentProvider;

let checkouts = 0;
/** A new open session at the fake Stripe. */
async function newSession(): Promise<string> {
  checkouts += 1;
  const created = await provider.createSession({
    checkoutId: `checkout-${checkouts}`,
    amountCents: 1000,
    description: 'Test Bowl - 1 square',
    lines: [{ name: 'Test Bowl - 1 square', unitAmountCents: 1000, quantity: 1 }],
    expiresAt: new Date(Date.now() + 30 * 60_000),
    successUrl: 'http://localhost/payment-success',
    cancelUrl: 'http://localhost/cart',
    customerEmail: 'buyer@example.com',
  });
  return created.sessionId;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  // A sibling route outside the webhook plugin: JSON is still parsed as JSON there.
  app.post('/api/echo', async (request) => ({ body: request.body }));
  provider = stripeProvider({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_BASE: fake.url });
  await app.register(stripeWebhookRoutes, { checkout: handlers, webhookSecret: fake.webhookSecret, provider });
  await app.ready();
  sessionId = await newSession();
  fake.pay(sessionId);
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => {
  calls = [];
  gate = null;
  failWith = null;
});

function post(event: Pick<SignedEvent, 'payload' | 'headers'>, headers: Record<string, string | undefined> = {}) {
  const merged = Object.fromEntries(Object.entries({ ...event.headers, ...headers }).filter((e): e is [string, string] => e[1] !== undefined));
  return app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: merged, payload: event.payload });
}

const badSignature = { error: { code: 'BAD_SIGNATURE', message: 'The Stripe signature is missing, not valid or too old.' } };

describe('Stripe webhook: signatures', () => {
  it('a missing stripe-signature header is 400 BAD_SIGNATURE and nothing is called', async () => {
    const res = await post(fake.event('checkout.session.completed', sessionId), { 'stripe-signature': undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badSignature);
    expect(calls).toEqual([]);
  });

  it('a signature made with another secret is refused', async () => {
    const res = await post(fake.event('checkout.session.completed', sessionId, { secret: 'whsec_forged' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badSignature);
    expect(calls).toEqual([]);
  });

  it('a body changed after signing is refused', async () => {
    const event = fake.event('checkout.session.completed', sessionId);
    const res = await post({ ...event, payload: event.payload.replace('"paid"', '"unpaid"') });
    expect(res.statusCode).toBe(400);
    expect(calls).toEqual([]);
  });

  it('a body re-serialized (same JSON, other bytes) is refused: the signature covers the raw bytes', async () => {
    const event = fake.event('checkout.session.completed', sessionId);
    const res = await post({ ...event, payload: JSON.stringify(JSON.parse(event.payload)) });
    expect(res.statusCode).toBe(400);
    expect(calls).toEqual([]);
  });

  it('a signature older than 5 minutes is refused; one 4 minutes old is accepted', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = await post(fake.event('checkout.session.completed', sessionId, { timestamp: now - 301 }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual(badSignature);
    expect(calls).toEqual([]);

    const recent = await post(fake.event('checkout.session.completed', sessionId, { timestamp: now - 240 }));
    expect(recent.statusCode).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('a garbage header or an empty body is refused', async () => {
    const event = fake.event('checkout.session.completed', sessionId);
    expect((await post(event, { 'stripe-signature': 'nonsense' })).statusCode).toBe(400);
    const empty = await app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'stripe-signature': event.signature } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(badSignature);
    expect(calls).toEqual([]);
  });

  it('a delivery over real HTTP, as Stripe makes it, is accepted', async () => {
    const server = Fastify({ logger: false });
    registerErrorHandling(server);
    await server.register(stripeWebhookRoutes, { checkout: handlers, webhookSecret: fake.webhookSecret, provider });
    await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = server.server.address() as { port: number };
      const res = await fake.deliver(`http://127.0.0.1:${port}${STRIPE_WEBHOOK_PATH}`, 'checkout.session.completed', sessionId);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ received: true });
      expect(calls).toEqual([['confirmPaid', { sessionId, paymentId: fake.session(sessionId).payment_intent }]]);
    } finally {
      await server.close();
    }
  });

  it('JSON outside the webhook is still parsed as JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(res.json()).toEqual({ body: { a: 1 } });
  });
});

describe('Stripe webhook: events', () => {
  it('checkout.session.completed, paid: confirmPaid with the session and its PaymentIntent, then 200', async () => {
    const session = fake.session(sessionId);
    const res = await post(fake.event('checkout.session.completed', sessionId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(calls).toEqual([['confirmPaid', { sessionId, paymentId: session.payment_intent }]]);
  });

  it('answers only after the checkout service has finished', async () => {
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    const pending = post(fake.event('checkout.session.completed', sessionId)).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    expect((await pending).statusCode).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('a failure in the checkout service is a 500, so Stripe delivers again', async () => {
    failWith = new Error('database is down');
    const res = await post(fake.event('checkout.session.completed', sessionId));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });

  it('checkout.session.completed still unpaid (a delayed method) calls nothing; async_payment_succeeded confirms', async () => {
    const asyncId = await newSession();
    fake.payAsync(asyncId);
    expect((await post(fake.event('checkout.session.completed', asyncId))).statusCode).toBe(200);
    expect(calls).toEqual([]);

    const s = fake.succeedAsync(asyncId);
    expect((await post(fake.event('checkout.session.async_payment_succeeded', asyncId))).statusCode).toBe(200);
    expect(calls).toEqual([['confirmPaid', { sessionId: asyncId, paymentId: s.payment_intent }]]);
  });

  it('checkout.session.async_payment_failed calls paymentFailed once Stripe confirms the failure', async () => {
    const failed = await newSession();
    fake.payAsync(failed);
    fake.failAsync(failed);
    expect((await post(fake.event('checkout.session.async_payment_failed', failed))).statusCode).toBe(200);
    expect(calls).toEqual([['paymentFailed', { sessionId: failed }]]);
  });

  it('checkout.session.expired calls sessionExpired once Stripe confirms the expiry', async () => {
    const lapsed = await newSession();
    fake.expireNow(lapsed);
    expect((await post(fake.event('checkout.session.expired', lapsed))).statusCode).toBe(200);
    expect(calls).toEqual([['sessionExpired', { sessionId: lapsed }]]);
  });

  it('an expired or failed event for a session Stripe reports paid confirms the payment instead of releasing', async () => {
    const paid = fake.session(sessionId);
    const staleExpired = fake.event('checkout.session.expired', { ...paid, status: 'expired', payment_status: 'unpaid', payment_intent: null });
    const staleFailed = fake.event('checkout.session.async_payment_failed', { ...paid, payment_status: 'unpaid' });
    expect((await post(staleExpired)).statusCode).toBe(200);
    expect((await post(staleFailed)).statusCode).toBe(200);
    expect(calls).toEqual([
      ['confirmPaid', { sessionId, paymentId: paid.payment_intent }],
      ['confirmPaid', { sessionId, paymentId: paid.payment_intent }],
    ]);
  });

  it('an expired event for a session Stripe still reports open releases nothing', async () => {
    const open = await newSession();
    const forgedSnapshot = fake.event('checkout.session.expired', { ...fake.session(open), status: 'expired' });
    expect((await post(forgedSnapshot)).statusCode).toBe(200);
    expect(calls).toEqual([]);
  });

  it('when Stripe cannot be asked, the event is answered 500 and delivered again later', async () => {
    const lapsed = await newSession();
    fake.expireNow(lapsed);
    fake.failNext(3);
    const res = await post(fake.event('checkout.session.expired', lapsed));
    expect(res.statusCode).toBe(500);
    expect(calls).toEqual([]);
  });

  it('other events are acknowledged and ignored', async () => {
    for (const type of ['checkout.session.async_payment_pending', 'payment_intent.succeeded', 'charge.refunded']) {
      const res = await post(fake.event(type, sessionId));
      expect(res.statusCode, type).toBe(200);
    }
    expect(calls).toEqual([]);
  });
});
