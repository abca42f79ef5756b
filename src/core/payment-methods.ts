/**
 * Who collects a game's money (D28): the app, by card (D21/D22), or the organizer, outside the
 * app (cash, Venmo, PayPal...). Organizer-collects squares are reserved at once, unpaid, until
 * the organizer marks them paid; an optional pay-by time releases what is still unpaid then.
 */
import { ORGANIZER_PAYMENT_ERRORS } from './messages';
import { formatUsd } from './money';
import { validateOptionalText, type TextField, countOf } from './text';
import type { ValidationResult } from './validation-result';

export const PAYMENT_METHODS = ['card', 'organizer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'card';

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  card: 'Card, paid in the app',
  organizer: 'Organizer collects (cash, Venmo, PayPal...)',
};

const PAYMENT_INSTRUCTIONS_MAX_LENGTH = 500;

const INSTRUCTIONS_FIELD: TextField = {
  maxLength: PAYMENT_INSTRUCTIONS_MAX_LENGTH,
  multiline: true,
  messages: { tooLong: ORGANIZER_PAYMENT_ERRORS.instructionsTooLong, notAllowed: ORGANIZER_PAYMENT_ERRORS.instructionsNotAllowed },
};

/** The organizer's payment instructions as a field: multi-line, up to 500 characters; blank is none (null). Whether they are required is `paymentInstructionsMissing`'s call. */
export function validatePaymentInstructions(raw: string | null | undefined): ValidationResult<string | null> {
  return validateOptionalText(raw, INSTRUCTIONS_FIELD);
}

/**
 * An organizer-collects game must say how to pay the organizer (issue 23): without instructions
 * its players read only "Ask the organizer how to pay." A card game needs none. One rule for the
 * form, the create call and every edit that sets the method or the instructions.
 */
export function paymentInstructionsMissing(method: PaymentMethod, instructions: string | null): boolean {
  return method === 'organizer' && instructions === null;
}

/**
 * A pay-by time as sent: an ISO date-time with its zone (the form turns the organizer's local
 * time into one), as the instant in ISO form, or null for none. Whether it is still ahead is the
 * server's call, on its clock.
 */
export function validatePayBy(raw: string | null | undefined): ValidationResult<string | null> {
  return validateInstant(raw, ORGANIZER_PAYMENT_ERRORS.payByInvalid);
}

/** A date-time with its zone as the instant in ISO form, null for blank; `message` otherwise (D28 pay-by, D39 kickoff). */
export function validateInstant(raw: string | null | undefined, message: string): ValidationResult<string | null> {
  if (raw === null || raw === undefined || raw.trim() === '') return { ok: true, value: null };
  const text = raw.trim();
  // A date-time with its zone; nothing looser that Date.parse might read in the server's own zone.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return { ok: false, message };
  const time = Date.parse(text);
  if (Number.isNaN(time)) return { ok: false, message };
  return { ok: true, value: new Date(time).toISOString() };
}

/** The amount a player owes for squares not yet paid, and what they paid, in cents. */
export function paymentTotals(squares: readonly { paid: boolean }[], priceCents: number): { dueCents: number; paidCents: number; unpaidCents: number } {
  const paid = squares.filter((square) => square.paid).length;
  return { dueCents: squares.length * priceCents, paidCents: paid * priceCents, unpaidCents: (squares.length - paid) * priceCents };
}

/**
 * What `count` squares at `priceCents` come to: the sum an organizer confirms as paid when
 * assigning squares (D32). The dialog names it and the server recomputes it, so a dialog that
 * drifted from the game (another price, other squares) cannot record the wrong sum as paid.
 */
export function squaresAmountCents(count: number, priceCents: number): number {
  return count * priceCents;
}

/** The Assign dialog's paid choice, naming the sum: "Mark as paid: $90.00 for 9 squares". */
export function markAsPaidLabel(count: number, priceCents: number): string {
  return `Mark as paid: ${formatUsd(squaresAmountCents(count, priceCents))} for ${countOf(count, 'square')}`;
}

/** D28: what a player still owes the organizer for one game, as the API tells that player (and nobody else). */
export interface Owing {
  /** How many of the player's squares in the game are not paid yet. */
  readonly squares: number;
  readonly amount_cents: number;
  /** The game's pay-by time (squares still unpaid then are released); null for none. */
  readonly pay_by: string | null;
  /** The organizer's payment instructions; null when none were given. */
  readonly instructions: string | null;
}

/** The facts of a game that decide what its players owe. */
export interface OwingGame {
  readonly payment_method: PaymentMethod;
  readonly price_per_square_cents: number;
  readonly pay_by: string | null;
  readonly payment_instructions: string | null;
}

/**
 * The one rule for what a player owes in a game (D28): their owned squares not yet paid, at the
 * game's price, in an organizer-collects game. Null when they owe nothing there (a card game is
 * paid before its squares are owned). Server reads use it; the web shows what they send.
 */
export function owingFor(game: OwingGame, unpaidSquares: number): Owing | null {
  if (game.payment_method !== 'organizer' || unpaidSquares <= 0) return null;
  return {
    squares: unpaidSquares,
    amount_cents: unpaidSquares * game.price_per_square_cents,
    pay_by: game.pay_by,
    instructions: game.payment_instructions,
  };
}

/** D49: a square's payment state in one pair of words, on every page, mail and export. */
export const SQUARE_PAYMENT_WORDS = { paid: 'Paid', unpaid: 'Unpaid' } as const;

/**
 * D47: what a game's pot is, said in the same words on every page, mail and export (the create
 * form, the board's payout rules, Payments, game day).
 */
export const POT_RULE: Readonly<Record<PaymentMethod, string>> = {
  card: 'The pot is every sold square times the price; players pay by card when they buy.',
  organizer: 'The pot is every sold square times the price, paid or not: the organizer collects it.',
};

/**
 * D47: beside an organizer-collects game's pot, how much of it the organizer has collected:
 * "collected $870.00 of $900.00". Null for a card game (its pot is paid at checkout).
 */
export function potCollectedText(game: { payment_method: PaymentMethod; total_pot_cents: number; collected_cents: number }): string | null {
  if (game.payment_method !== 'organizer') return null;
  return `collected ${formatUsd(game.collected_cents)} of ${formatUsd(game.total_pot_cents)}`;
}

/**
 * The admin game page's line about money still to collect in an organizer-collects game: "Not
 * paid yet: $130.00 from 3 people", "Everyone has paid" once nobody owes, or null before any
 * square is sold.
 */
export function notPaidYetSummary(players: readonly { unpaid_cents: number }[]): string | null {
  if (players.length === 0) return null;
  const owing = players.filter((player) => player.unpaid_cents > 0);
  if (owing.length === 0) return 'Everyone has paid';
  const total = owing.reduce((sum, player) => sum + player.unpaid_cents, 0);
  return `Not paid yet: ${formatUsd(total)} from ${countOf(owing.length, 'person', 'people')}`;
}
