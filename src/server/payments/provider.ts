/**
 * A card payment provider (D22): Stripe Checkout, or the built-in test checkout in a trial.
 * Services talk to this interface only; vendor SDKs stay in the implementation files.
 */

export interface CheckoutSessionInput {
  /** Our checkout id: client_reference_id / metadata at the provider, and the idempotency key's base. */
  checkoutId: string;
  amountCents: number;
  description: string;
  /** One line per game: "Super Bowl - 3 squares" at $10.00 each. */
  lines: readonly { name: string; unitAmountCents: number; quantity: number }[];
  /** When the provider's page stops taking payment (30 minutes ahead, D21). */
  expiresAt: Date;
  /** Absolute URLs on our origin. */
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
}

export interface CheckoutSession {
  /** The provider's session id (stored as checkouts.provider_session_id). */
  sessionId: string;
  /** The page the buyer pays on. */
  url: string;
}

/**
 * What the provider says about a session. `paid` carries the payment reference that a refund
 * needs (Stripe: the PaymentIntent id). `pending`: the buyer has not finished, or an async
 * payment is still under way.
 */
export type SessionState =
  /**
   * `underWay`: the buyer has submitted a payment that has not settled yet (a delayed method).
   * `url`: the page that still takes the payment (the session is open), for the buyer to resume (D21).
   */
  { status: 'pending'; underWay?: boolean; url?: string } | { status: 'paid'; paymentId: string } | { status: 'failed' } | { status: 'expired' };

interface RefundInput {
  checkoutId: string;
  paymentId: string;
  amountCents: number;
  reason: string;
  /** `refund-<checkout id>` for a whole checkout, `refund-<checkout id>-<game id>` for a game's part. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  /** 'stripe' | 'test': stored with each checkout. */
  readonly name: string;
  createSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** Asks the provider (D21: when the buyer returns and when a hold expires). */
  getSessionState(sessionId: string): Promise<SessionState>;
  /** Stops an open session from taking payment (a cancelled or superseded checkout, D18, D21). */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Refunds `amountCents` of a payment: all of it, or one deleted game's part (D13). Idempotent
   * per `idempotencyKey` however much later it is repeated: a repeat returns the first refund's
   * id. Returns the provider's refund id.
   */
  refund(input: RefundInput): Promise<string>;
}
