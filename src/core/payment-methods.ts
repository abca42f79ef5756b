/**
 * Who collects a game's money (D28): the app, by card (D21/D22), or the organizer, outside the
 * app (cash, Venmo, PayPal...). Organizer-collects squares are reserved at once, unpaid, until
 * the organizer marks them paid; an optional pay-by time releases what is still unpaid then.
 */
import { formatUsd } from './money';
import { ORGANIZER_PAYMENT_ERRORS } from './messages';
import { validateOptionalText, type TextField } from './text';
import type { ValidationResult } from './validation';

export const PAYMENT_METHODS = ['card', 'organizer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'card';

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  card: 'Card, paid in the app',
  organizer: 'Organizer collects (cash, Venmo, PayPal...)',
};

export const PAYMENT_INSTRUCTIONS_MAX_LENGTH = 500;

const INSTRUCTIONS_FIELD: TextField = {
  maxLength: PAYMENT_INSTRUCTIONS_MAX_LENGTH,
  multiline: true,
  messages: { tooLong: ORGANIZER_PAYMENT_ERRORS.instructionsTooLong, notAllowed: ORGANIZER_PAYMENT_ERRORS.instructionsNotAllowed },
};

/** The organizer's payment instructions: optional, multi-line, up to 500 characters; blank is none (null). */
export function validatePaymentInstructions(raw: string | null | undefined): ValidationResult<string | null> {
  return validateOptionalText(raw, INSTRUCTIONS_FIELD);
}

/**
 * A pay-by time as sent: an ISO date-time with its zone (the form turns the organizer's local
 * time into one), as the instant in ISO form, or null for none. Whether it is still ahead is the
 * server's call, on its clock.
 */
export function validatePayBy(raw: string | null | undefined): ValidationResult<string | null> {
  if (raw === null || raw === undefined || raw.trim() === '') return { ok: true, value: null };
  const text = raw.trim();
  // A date-time with its zone; nothing looser that Date.parse might read in the server's own zone.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
    return { ok: false, message: ORGANIZER_PAYMENT_ERRORS.payByInvalid };
  const time = Date.parse(text);
  if (Number.isNaN(time)) return { ok: false, message: ORGANIZER_PAYMENT_ERRORS.payByInvalid };
  return { ok: true, value: new Date(time).toISOString() };
}

/** The amount a player owes for squares not yet paid, and what they paid, in cents. */
export function paymentTotals(squares: readonly { paid: boolean }[], priceCents: number): { dueCents: number; paidCents: number; unpaidCents: number } {
  const paid = squares.filter((square) => square.paid).length;
  return { dueCents: squares.length * priceCents, paidCents: paid * priceCents, unpaidCents: (squares.length - paid) * priceCents };
}

/**
 * D47: beside an organizer-collects game's pot, how much of it the organizer has collected:
 * "collected $870.00 of $900.00". Null for a card game (its pot is paid at checkout).
 */
export function potCollectedText(game: { payment_method: PaymentMethod; total_pot_cents: number; collected_cents: number }): string | null {
  if (game.payment_method !== 'organizer') return null;
  return `collected ${formatUsd(game.collected_cents)} of ${formatUsd(game.total_pot_cents)}`;
}
