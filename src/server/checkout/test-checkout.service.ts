import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { TEST_SESSION_ID, type TestPaymentProvider } from '../payments/test-payment-provider';
import type { TestSessionRow } from '../payments/test-payments.repository';
import type { ServiceDeps } from '../service-deps';
import type { CheckoutService } from './checkout.service';

/** Stripe's test cards (D22). */
const TEST_CARD_PAYS = '4242424242424242';
const TEST_CARD_DECLINED = '4000000000000002';

export const TEST_CHECKOUT_MESSAGES = {
  notFound: 'This payment page does not exist. Check the link, or start again from your cart.',
  declined: 'Your card was declined. Try another card.',
  onlyTestCards: 'This test checkout takes only the test cards 4242 4242 4242 4242 (pays) and 4000 0000 0000 0002 (declined).',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameRequired: 'Enter the name on the card.',
  alreadyPaid: 'This checkout is already paid.',
  expired: 'This payment page has expired. Go back to your cart and start again.',
  closed: 'This checkout is closed and takes no payment. Go back to your cart and start again.',
} as const;

export interface TestCard {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** What the card page shows (GET /api/checkout/test/:sessionId). */
export interface TestCheckoutSessionView {
  session_id: string;
  amount_cents: number;
  description: string;
  status: TestSessionRow['status'];
  expires_at: string;
  lines: { name: string; unit_amount_cents: number; quantity: number }[];
}

/** The reason a card is refused before it is "charged", or null. */
function cardProblem(card: TestCard, now: Date): string | null {
  if (card.name.trim() === '') return TEST_CHECKOUT_MESSAGES.nameRequired;
  const digits = card.card_number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return TEST_CHECKOUT_MESSAGES.numberInvalid;
  if (digits !== TEST_CARD_PAYS && digits !== TEST_CARD_DECLINED) return TEST_CHECKOUT_MESSAGES.onlyTestCards;
  const expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiry.replace(/\s/g, ''));
  if (!expiry) return TEST_CHECKOUT_MESSAGES.expiryIncomplete;
  const month = Number(expiry[1]);
  if (month < 1 || month > 12) return TEST_CHECKOUT_MESSAGES.expiryMonthInvalid;
  if ((2000 + Number(expiry[2])) * 12 + month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth()) return TEST_CHECKOUT_MESSAGES.expiryPast;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return TEST_CHECKOUT_MESSAGES.cvcIncomplete;
  return null;
}

/** An open session past its expiry is shown as expired, as Stripe's page would be. */
function effectiveStatus(session: TestSessionRow, now: Date): TestSessionRow['status'] {
  return session.status === 'open' && new Date(session.expires_at) <= now ? 'expired' : session.status;
}

function closedError(status: TestSessionRow['status']): AppError {
  if (status === 'paid') return conflict(TEST_CHECKOUT_MESSAGES.alreadyPaid, 'CHECKOUT_CLOSED');
  if (status === 'expired') return conflict(TEST_CHECKOUT_MESSAGES.expired, 'CHECKOUT_CLOSED');
  return conflict(TEST_CHECKOUT_MESSAGES.closed, 'CHECKOUT_CLOSED');
}

export interface TestCheckoutServiceDeps extends ServiceDeps {
  provider: TestPaymentProvider;
  checkouts: CheckoutService;
}

/**
 * The test checkout's card page (D22): Stripe's test cards pay or are declined, and the result
 * goes through the same fulfillment as a Stripe webhook. Only the checkout's buyer may use it.
 */
export function testCheckoutService({ provider, checkouts, clock }: TestCheckoutServiceDeps) {
  /** The buyer's own session. Someone else's answers exactly as one that does not exist (issue 10: no oracle). */
  async function ownSession(sessionId: string, userId: string): Promise<TestSessionRow> {
    // Not the shape of our ids (test-payment-provider.ts): it names no session, without a query.
    if (!TEST_SESSION_ID.test(sessionId)) throw notFound(TEST_CHECKOUT_MESSAGES.notFound);
    const session = await provider.session(sessionId);
    if (!session || (await checkouts.ownerOf(session.checkout_id)) !== userId) throw notFound(TEST_CHECKOUT_MESSAGES.notFound);
    return session;
  }

  return {
    async view(sessionId: string, userId: string): Promise<TestCheckoutSessionView> {
      const session = await ownSession(sessionId, userId);
      const lines = JSON.parse(session.lines) as { name: string; unitAmountCents: number; quantity: number }[];
      return {
        session_id: session.id,
        amount_cents: session.amount_cents,
        description: session.description,
        status: effectiveStatus(session, clock()),
        expires_at: session.expires_at,
        lines: lines.map((l) => ({ name: l.name, unit_amount_cents: l.unitAmountCents, quantity: l.quantity })),
      };
    },

    /**
     * Pays (4242...) and fulfills, or declines (4000...0002). A decline changes nothing (D45): as on
     * Stripe's page, the buyer may try another card until the page expires, and the squares stay
     * held meanwhile; only expiry or Cancel ends the checkout.
     */
    async pay(sessionId: string, userId: string, card: TestCard): Promise<{ redirect_url: string }> {
      const now = clock();
      const session = await ownSession(sessionId, userId);
      const status = effectiveStatus(session, now);
      if (status !== 'open') throw closedError(status);
      const problem = cardProblem(card, now);
      if (problem) throw badRequest(problem, 'INVALID_CARD');

      if (card.card_number.replace(/[\s-]/g, '') === TEST_CARD_DECLINED) throw new AppError(402, 'CARD_DECLINED', TEST_CHECKOUT_MESSAGES.declined);
      const paymentId = await provider.pay(sessionId, now);
      if (!paymentId) throw closedError(effectiveStatus((await provider.session(sessionId)) ?? session, now));
      // The money is taken: from here on the checkout is fulfilled or refunded, never lost.
      await checkouts.confirmPaid({ sessionId, paymentId });
      return { redirect_url: session.success_url };
    },

    /** The buyer leaves the page with Cancel: the checkout is cancelled and its squares released. */
    async cancel(sessionId: string, userId: string): Promise<{ redirect_url: string }> {
      const session = await ownSession(sessionId, userId);
      if (session.status === 'paid') throw closedError('paid');
      await provider.cancel(sessionId, clock());
      await checkouts.sessionCancelled({ sessionId });
      return { redirect_url: session.cancel_url };
    },
  };
}

export type TestCheckoutService = ReturnType<typeof testCheckoutService>;
