import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../http/errors';
import type { PaymentProvider } from './provider';
import type { StripeWebhookEvent } from './stripe-provider';

/** Exempt from the same-origin check (app.ts): Stripe's signature authenticates it instead. */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * What the webhook asks of the checkout service (src/server/checkout/checkout.service.ts).
 * Each call must be safe to repeat and to run concurrently: Stripe delivers an event at least
 * once, in any order, and retries until it gets a 2xx.
 */
export interface StripeWebhookHandlers {
  confirmPaid(input: { sessionId: string; paymentId: string }): Promise<unknown>;
  paymentFailed(input: { sessionId: string }): Promise<unknown>;
  sessionExpired(input: { sessionId: string }): Promise<unknown>;
}

export interface StripeWebhookRoutesOptions {
  checkout: StripeWebhookHandlers;
  /** STRIPE_WEBHOOK_SECRET (whsec_...). */
  webhookSecret: string;
  /**
   * Asked before an event releases squares (expired, async payment failed): an event is a
   * snapshot, and a session Stripe reports paid must be confirmed, never released.
   */
  provider?: Pick<PaymentProvider, 'getSessionState'>;
}

const BAD_SIGNATURE = 'The Stripe signature is missing, not valid or too old.';

/**
 * POST /api/stripe/webhook (D22). The signature covers the exact bytes Stripe sent, so this
 * plugin (encapsulated: nothing outside it is affected) keeps JSON bodies as a raw Buffer.
 * 200 only after the checkout service has finished; an internal error answers 500 so that
 * Stripe delivers the event again.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookRoutesOptions> = async (app, { checkout, webhookSecret, provider }) => {
  // Loaded here, not at the top: app.ts imports STRIPE_WEBHOOK_PATH, and a trial never loads the Stripe SDK.
  const { verifyStripeWebhook } = await import('./stripe-provider');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, async (request) => {
    const signature = request.headers['stripe-signature'];
    const body = request.body;
    if (typeof signature !== 'string' || signature === '' || !(Buffer.isBuffer(body) || typeof body === 'string')) {
      throw badRequest(BAD_SIGNATURE, 'BAD_SIGNATURE');
    }
    let event: StripeWebhookEvent;
    try {
      event = verifyStripeWebhook(body, signature, webhookSecret);
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'Stripe webhook refused: bad signature');
      throw badRequest(BAD_SIGNATURE, 'BAD_SIGNATURE');
    }

    const session = event.session;
    const log = request.log.child({ stripeEvent: event.id, type: event.type, sessionId: session?.id, checkoutId: session?.checkoutId });
    if (!session) {
      log.debug('Stripe webhook ignored');
      return { received: true };
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        if (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required') {
          if (!session.paymentId) throw new Error(`Stripe session ${session.id} is paid but names no payment intent`);
          await checkout.confirmPaid({ sessionId: session.id, paymentId: session.paymentId });
          log.info('Stripe payment confirmed');
        } else {
          // A delayed payment method: async_payment_succeeded or _failed follows.
          log.info({ paymentStatus: session.paymentStatus }, 'Stripe checkout completed, payment still under way');
        }
        break;
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        // Releasing is the one step that must not be taken on a stale or out-of-order event:
        // ask Stripe how the session stands now.
        const now = provider ? await provider.getSessionState(session.id) : null;
        if (now?.status === 'paid') {
          log.warn('Stripe event says the session ended unpaid, but Stripe reports it paid: confirming');
          await checkout.confirmPaid({ sessionId: session.id, paymentId: now.paymentId });
        } else if (now?.status === 'pending') {
          // Cannot happen for a genuine event; the expiry sweep settles the checkout in time.
          log.warn('Stripe event says the session ended, but Stripe reports it still open: left for the expiry sweep');
        } else if (event.type === 'checkout.session.expired') {
          await checkout.sessionExpired({ sessionId: session.id });
          log.info('Stripe checkout session expired');
        } else {
          await checkout.paymentFailed({ sessionId: session.id });
          log.info('Stripe delayed payment failed');
        }
        break;
      }
      default:
        log.debug('Stripe webhook ignored');
    }
    return { received: true };
  });
};
