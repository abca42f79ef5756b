/**
 * How a game's and a payout's state is named on each screen (spec section 4, D16, D17, D23).
 * Game fields keep the spec's names.
 */
import { everySquareSold, type SalesState, soldOut } from './sales';

export interface GameState {
  readonly is_active: boolean;
  readonly grid_shuffled: boolean;
  readonly numbers_revealed: boolean;
  readonly squares_claimed: number;
  /** D36: the squares the board has (100, 50 or 25). */
  readonly board_size: number;
}

export type GameCardBadge = 'Active' | 'Sold Out' | 'In Progress' | 'Closed';

/**
 * The players' word for a game's state (D16, D45): on the game cards, the game page and wherever
 * a player reads it. Closed when not active, else In Progress when shuffled, else Sold Out when
 * every square is sold (nothing left to pick, though not drawn yet), else Active.
 */
export function gameCardBadge(game: Pick<GameState, 'is_active' | 'grid_shuffled' | 'squares_claimed' | 'board_size'> & SalesState, now: Date): GameCardBadge {
  if (!game.is_active) return 'Closed';
  if (game.grid_shuffled) return 'In Progress';
  return soldOut(game, now) ? 'Sold Out' : 'Active';
}

export const ADMIN_PHASES = ['Active', 'Ready to Shuffle', 'In Progress', 'Completed'] as const;

export type AdminPhase = (typeof ADMIN_PHASES)[number];

/**
 * The admins' one word for each state of a game (D45), on every admin page (dashboard, Game
 * Management, the game's admin page, Game Day Controls). The spec's admin status had two words
 * for two of its states (Awaiting Players / Active, Ready to Shuffle / Ready); we keep one each:
 * Active, as players read the same state (D16), and Ready to Shuffle, which says what comes next
 * (players read that state as Sold Out: for them nothing is left to pick).
 * Completed, In Progress: as the spec says.
 */
export function adminPhase(game: Pick<GameState, 'is_active' | 'grid_shuffled' | 'squares_claimed' | 'board_size'>): AdminPhase {
  if (!game.is_active) return 'Completed';
  if (game.grid_shuffled) return 'In Progress';
  return everySquareSold(game) ? 'Ready to Shuffle' : 'Active';
}

/**
 * The plain line about the numbers on the board page (D16: it replaces the spec's debug line of
 * the numbers-revealed and grid-shuffled flags). It names no state of the game: the badge does (D45).
 */
/** What the status line needs of a digit set (the board's `digit_sets`). */
export interface WaitingSet {
  readonly set: number;
  readonly method: string;
  readonly round: number | null;
  readonly drawn_at: string | null;
}

export function gameStatusLine(game: GameState, sets: readonly WaitingSet[] = []): string {
  if (!game.grid_shuffled) {
    if (!game.is_active) return 'No numbers were drawn';
    return everySquareSold(game) ? 'All squares sold, numbers not drawn yet' : 'Numbers not drawn yet';
  }
  // D38: a beacon game's set 1 is ticketed at the draw and its digits come with its drand round.
  const first = sets.find((set) => set.set === 1);
  if (first && first.method === 'beacon' && first.drawn_at === null) return `Drawing the numbers: waiting for drand round ${first.round ?? '?'}`;
  return game.numbers_revealed ? 'Numbers revealed' : 'Numbers drawn, not revealed yet';
}

/**
 * D38: a beacon draw's digits follow from its ticket (on the board) and its drand round (public
 * once out, which is when they are drawn), so anyone can compute them: hiding keeps them off the
 * board, it does not keep them secret. Said beside the Hide and Reveal controls of such a game.
 */
export const BEACON_HIDING_NOTE =
  'Hiding only keeps the digits off the board: they come from a public drand round, so anyone can compute them from the ticket on the board.';

/** The note for a game with a beacon-drawn set, else null (a commit-reveal seed stays secret until published). */
export function hidingNote(sets: readonly { readonly method: string; readonly drawn_at: string | null }[]): string | null {
  return sets.some((set) => set.method === 'beacon' && set.drawn_at !== null) ? BEACON_HIDING_NOTE : null;
}

/** The Grid Selection toggle's status text. */
export function numbersVisibilityText(game: { readonly hasNumbers: boolean; readonly numbersRevealed: boolean }): string {
  if (!game.hasNumbers) return 'No numbers generated';
  return game.numbersRevealed ? 'Numbers visible' : 'Numbers hidden';
}

export const PAYOUT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'paid'] as const;

export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** True for one of the stored payout statuses. */
export function isPayoutStatus(value: unknown): value is PayoutStatus {
  return (PAYOUT_STATUSES as readonly unknown[]).includes(value);
}

const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Paid',
  paid: 'Paid',
  failed: 'Failed',
};

/**
 * The Status column of Results & Payouts: Paid, Failed, Processing or Pending. D49 says a settled
 * payout "Paid" everywhere (the spec's "Success" read as if something else had succeeded).
 */
export function payoutStatusLabel(status: PayoutStatus): string {
  return PAYOUT_STATUS_LABELS[status];
}

/**
 * A payout is settled once it is completed or paid (D23): nothing is left to pay, Mark Paid and
 * Retry no longer apply. The one rule for the server's refusals and the web's buttons.
 */
export function payoutSettled(status: PayoutStatus): boolean {
  return status === 'completed' || status === 'paid';
}

/** The badge in My Winnings (D23): Paid for settled payouts, Pending otherwise. */
export function playerPayoutBadge(status: PayoutStatus): 'Paid' | 'Pending' {
  return payoutSettled(status) ? 'Paid' : 'Pending';
}

/** A confirmed period's payout as the score-correction rule reads it (user_id or winner_id: null when nobody bought the square). */
export interface PayoutFacts {
  readonly payout_status: PayoutStatus;
  readonly payout_amount_cents: number;
  /** Whether the winning square had an owner (D24: none pays 0). */
  readonly hasWinner: boolean;
}

/**
 * D19: a confirmed period's score can be corrected until money moved. Null when it can; else
 * why not: `settled` (the winner was paid) or `processing` (a payment is under way). A square
 * nobody bought is settled at 0 (D24) with no money moved, so a typo that landed on one stays
 * correctable. The server refuses with it and the web locks the score boxes with it.
 */
export function scoreCorrectionBlock(payout: PayoutFacts): 'settled' | 'processing' | null {
  if (payout.payout_status === 'processing') return 'processing';
  if (!payoutSettled(payout.payout_status)) return null;
  return !payout.hasWinner && payout.payout_amount_cents === 0 ? null : 'settled';
}

/** One line of a game's draw log (D17): numbers drawn or cleared, at a time. */
export interface DrawLogEntry<Time> {
  readonly kind: 'draw' | 'clear';
  readonly at: Time;
}

function timesWord(count: number): string {
  if (count === 1) return 'once';
  if (count === 2) return 'twice';
  return `${count} times`;
}

/**
 * The draw log in one line for players (D17), from entries in the order they happened:
 * "drawn 19:02", "drawn 19:10; redrawn once", "cleared 19:05; drawn once before".
 * Null when nothing was ever drawn or cleared. `formatTime` keeps time zones out of the core.
 */
export function drawLogSummary<Time>(entries: readonly DrawLogEntry<Time>[], formatTime: (at: Time) => string): string | null {
  const latest = entries.at(-1);
  if (latest === undefined) return null;
  const draws = entries.filter((entry) => entry.kind === 'draw').length;
  if (latest.kind === 'draw') {
    const head = `drawn ${formatTime(latest.at)}`;
    return draws > 1 ? `${head}; redrawn ${timesWord(draws - 1)}` : head;
  }
  const head = `cleared ${formatTime(latest.at)}`;
  return draws > 0 ? `${head}; drawn ${timesWord(draws)} before` : head;
}
