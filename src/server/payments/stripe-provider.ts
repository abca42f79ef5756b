import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Settings } from '../config';
import type { CheckoutSession, CheckoutSessionInput, PaymentProvider, SessionState } from './provider';

/**
 * Stripe Checkout (D22). The only file that imports the Stripe SDK: the webhook route verifies
 * signatures through `verifyStripeWebhook` below.
 *
 * Every POST carries an idempotency key derived from our own ids, so a retry (the SDK's own, a
 * second app instance, a re-run after a crash) can never create a second session or a second
 * refund: `checkout-session-<checkout id>`, `expire-<session id>`, `refund-<checkout id>` (the
 * whole checkout) or `refund-<checkout id>-<game id>` (a deleted game's part).
 */

export type StripeSettings = Pick<Settings, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>;

/** Each request gives up after this long; the SDK then retries (same idempotency key). */
const REQUEST_TIMEOUT_MS = 15_000;
/** Retries on network errors, 409, 429 and 5xx, with the SDK's backoff. */
const MAX_NETWORK_RETRIES = 2;
/** Stripe keeps metadata values to 500 characters. */
const METADATA_MAX = 500;

function stripeClient(settings: StripeSettings): Stripe {
  if (!settings.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'squares-pool' },
    ...(settings.STRIPE_API_BASE ? apiBase(settings.STRIPE_API_BASE) : {}),
  });
}

/** STRIPE_API_BASE (a fake Stripe in tests) as the SDK's host/port/protocol; its path is ignored (the SDK adds /v1/). */
function apiBase(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

export function stripeProvider(settings: StripeSettings, log?: Pick<FastifyBaseLogger, 'info' | 'warn'>): PaymentProvider {
  const stripe = stripeClient(settings);
  if (settings.STRIPE_API_BASE) log?.warn(`STRIPE_API_BASE is set: Stripe API requests go to ${new URL(settings.STRIPE_API_BASE).origin}, not api.stripe.com`);

  /** The payment's refunds (a payment has at most one per game of its checkout, so 100 is all). */
  async function refundsOf(paymentId: string): Promise<Stripe.Refund[]> {
    return (await stripe.refunds.list({ payment_intent: paymentId, limit: 100 })).data;
  }

  return {
    name: 'stripe',

    async createSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
      const linesTotal = input.lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0);
      if (linesTotal !== input.amountCents) {
        // Never ask a buyer for an amount other than the one the checkout recorded.
        throw new Error(`checkout ${input.checkoutId}: lines add up to ${linesTotal} cents, not ${input.amountCents}`);
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // The SDK's API version (2026-10-28.endive) removed payment_method_types from Checkout
          // Sessions; allowed_payment_method_types is its replacement. Cards only (D22: PayPal is
          // "Coming Soon").
          allowed_payment_method_types: ['card'],
          line_items: input.lines.map((line) => ({
            price_data: { currency: 'usd', unit_amount: line.unitAmountCents, product_data: { name: line.name } },
            quantity: line.quantity,
          })),
          client_reference_id: input.checkoutId,
          metadata: { checkout_id: input.checkoutId },
          payment_intent_data: {
            description: truncate(input.description),
            metadata: { checkout_id: input.checkoutId },
          },
          customer_email: input.customerEmail,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          // Rounded up: Stripe refuses less than 30 minutes, and the hold outlasts it by 5 (D21).
          expires_at: Math.ceil(input.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `checkout-session-${input.checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a payment page url`);
      return { sessionId: session.id, url: session.url };
    },

    async getSessionState(sessionId: string): Promise<SessionState> {
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
      return sessionState(session);
    },

    async expireSession(sessionId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
      } catch (err) {
        // "Only Checkout Sessions with a status in ["open"] can be expired": already expired or
        // complete is fine here. Ask rather than parse the message; anything else is an error.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'open') throw err;
        if (session.status === 'complete') {
          // A payment finished first: the webhook or the next state check fulfills or refunds it.
          log?.warn({ sessionId, paymentStatus: session.payment_status }, 'Stripe session to expire is already complete');
        }
      }
    },

    async refund({ checkoutId, paymentId, amountCents, reason, idempotencyKey }): Promise<string> {
      // Stripe keeps an idempotency key for 24 hours only, and nothing stops a second partial
      // refund after that: a refund already made under this key (in its metadata) is the answer.
      const earlier = await refundsOf(paymentId);
      const ours = earlier.find((r) => r.metadata?.refund_key === idempotencyKey);
      if (ours) return ours.id;
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentId,
            amount: amountCents,
            reason: 'requested_by_customer',
            metadata: { checkout_id: checkoutId, refund_key: idempotencyKey, amount_cents: String(amountCents), reason: truncate(reason) },
          },
          { idempotencyKey },
        );
        log?.info({ checkoutId, paymentId, refundId: refund.id, amountCents }, 'Stripe refund created');
        return refund.id;
      } catch (err) {
        // A whole-checkout refund made before refunds carried their key: the payment is already
        // refunded, and that refund is the answer.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') {
          const existing = await refundsOf(paymentId);
          const whole = existing.find((r) => r.metadata?.checkout_id === checkoutId && !r.metadata?.refund_key) ?? existing[0];
          if (whole && idempotencyKey === `refund-${checkoutId}`) return whole.id;
        }
        throw err;
      }
    },
  };
}

/** What a session says about payment (SessionState in provider.ts). */
function sessionState(session: Stripe.Checkout.Session): SessionState {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    const paymentId = idOf(session.payment_intent);
    if (!paymentId) throw new Error(`Stripe session ${session.id} is paid but has no payment intent`);
    return { status: 'paid', paymentId };
  }
  if (session.status === 'expired') return { status: 'expired' };
  if (session.status === 'complete') {
    // Complete but unpaid: a delayed payment method. Its PaymentIntent tells whether it is
    // still under way (processing) or has failed (back to requires_payment_method, or canceled).
    const intent = session.payment_intent;
    if (intent && typeof intent !== 'string' && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) {
      return { status: 'failed' };
    }
    return { status: 'pending', underWay: true };
  }
  // Still open: its page takes the payment until it expires, so the buyer can go back to it (D21).
  return session.status === 'open' && session.url ? { status: 'pending', url: session.url } : { status: 'pending' };
}

/** The parts of a verified webhook event that the route acts on. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  /** For checkout.session.* events: the session as it was when the event happened. */
  session: {
    id: string;
    status: string | null;
    paymentStatus: string;
    paymentId: string | null;
    /** Our checkout id from the session's metadata (or client_reference_id). */
    checkoutId: string | null;
  } | null;
}

/**
 * Verifies the `stripe-signature` header over the raw body with the endpoint secret (default
 * tolerance: 5 minutes) and returns the event. Throws when the signature is missing, forged or stale.
 */
export function verifyStripeWebhook(rawBody: Buffer | string, signature: string, secret: string): StripeWebhookEvent {
  const event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  const object = event.data.object as { object?: string };
  if (!event.type.startsWith('checkout.session.') || object.object !== 'checkout.session') {
    return { id: event.id, type: event.type, session: null };
  }
  const session = object as Stripe.Checkout.Session;
  return {
    id: event.id,
    type: event.type,
    session: {
      id: session.id,
      status: session.status,
      paymentStatus: session.payment_status,
      paymentId: idOf(session.payment_intent),
      checkoutId: session.metadata?.checkout_id ?? session.client_reference_id ?? null,
    },
  };
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

function truncate(text: string): string {
  return text.length > METADATA_MAX ? `${text.slice(0, METADATA_MAX - 1)}…` : text;
}
