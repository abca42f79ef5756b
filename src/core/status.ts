/**
 * How a game's and a payout's state is named on each screen (spec section 4, D16, D17, D23).
 * Game fields keep the spec's names.
 */
import { SQUARE_COUNT } from './grid';

export interface GameState {
  readonly is_active: boolean;
  readonly grid_shuffled: boolean;
  readonly numbers_revealed: boolean;
  readonly squares_claimed: number;
}

export type GameCardBadge = 'Active' | 'In Progress' | 'Closed';

/** The game card badge (D16): Closed when not active, else In Progress when shuffled, else Active. */
export function gameCardBadge(game: Pick<GameState, 'is_active' | 'grid_shuffled'>): GameCardBadge {
  if (!game.is_active) return 'Closed';
  return game.grid_shuffled ? 'In Progress' : 'Active';
}

export type AdminGameStatus = 'Completed' | 'In Progress' | 'Ready to Shuffle' | 'Awaiting Players';

/** The admin status (spec section 4): a full grid that is not shuffled yet is Ready to Shuffle. */
export function adminGameStatus(game: Pick<GameState, 'is_active' | 'grid_shuffled' | 'squares_claimed'>): AdminGameStatus {
  if (!game.is_active) return 'Completed';
  if (game.grid_shuffled) return 'In Progress';
  return game.squares_claimed >= SQUARE_COUNT ? 'Ready to Shuffle' : 'Awaiting Players';
}

const ADMIN_SHORT_LABELS: Record<AdminGameStatus, string> = {
  Completed: 'Completed',
  'In Progress': 'In Progress',
  'Ready to Shuffle': 'Ready',
  'Awaiting Players': 'Active',
};

/** The admin status as the Game Management list shows it: Completed, In Progress, Ready, Active. */
export function adminStatusShortLabel(status: AdminGameStatus): string {
  return ADMIN_SHORT_LABELS[status];
}

/** The plain status line on the board page (D16: replaces the spec's debug line of flags). */
export function gameStatusLine(game: GameState): string {
  if (!game.is_active) return 'Completed';
  if (!game.grid_shuffled) {
    return game.squares_claimed >= SQUARE_COUNT ? 'All squares sold, numbers not drawn yet' : 'Open for sales';
  }
  return game.numbers_revealed ? 'Numbers revealed' : 'Numbers drawn, not revealed yet';
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
  completed: 'Success',
  paid: 'Success',
  failed: 'Failed',
};

/** The Status column of Results & Payouts: Success, Failed, Processing or Pending. */
export function payoutStatusLabel(status: PayoutStatus): string {
  return PAYOUT_STATUS_LABELS[status];
}

/** The badge in My Winnings (D23): Paid for completed and paid payouts, Pending otherwise. */
export function playerPayoutBadge(status: PayoutStatus): 'Paid' | 'Pending' {
  return status === 'completed' || status === 'paid' ? 'Paid' : 'Pending';
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
