import type { Period } from '@core/periods';
/**
 * A payout provider (D23): how a period's winner gets their money. The built-in provider is
 * "manual": the organizer pays outside the app and records it with Mark Paid. Services talk to
 * this interface only; a provider that moves money itself would be another implementation.
 */

export interface PayoutRequest {
  /** The winner record (game_winners.id): the base of an idempotency key at a real provider. */
  readonly winnerId: string;
  readonly gameId: string;
  readonly period: Period;
  readonly amountCents: number;
  /** Who is paid: the square's owner. */
  readonly recipient: { readonly userId: string | null };
  /** The organizer's reference ("Venmo 1234"), or null. */
  readonly reference: string | null;
  /** 1 for Mark Paid, 2 for the first retry, and so on. */
  readonly attempt: number;
}

interface PayoutResult {
  /** The reference stored with the payout; null when there is none. */
  readonly reference: string | null;
}

export interface PayoutProvider {
  /** Stored with each winner record (game_winners.payout_provider). */
  readonly name: string;
  /** Pays, or throws with a reason a person can read (stored as the failure reason). */
  pay(request: PayoutRequest): Promise<PayoutResult>;
}
