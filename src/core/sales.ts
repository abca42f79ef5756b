/**
 * A game's phase from the buyer's side (D16, D18): squares are for sale while the game is active
 * and no numbers are drawn; after that, sales are closed and the board says why. A game whose
 * every square is sold still sells (a released square comes back) but has nothing left to pick.
 */

export interface SalesState {
  readonly is_active: boolean;
  readonly grid_shuffled: boolean;
  /** D39: when the kickoff run closed sales (absent or null: it has not run). */
  readonly sales_closed_at?: string | null;
  /** D39: the game's kickoff (absent or null: none); sales close the moment it passes. */
  readonly kickoff_at?: string | null;
}

/** What the sales notice needs of a game's digit sets (the board's `digit_sets`, D35, D38). */
export interface SetDrawState {
  readonly set: number;
  readonly drawn_at: string | null;
}

/**
 * D38: true while set 1 is ticketed and its digits are not in yet (a beacon draw waiting for its
 * drand round): sales are closed, but the numbers are not drawn yet.
 */
export function numbersBeingDrawn(sets: readonly SetDrawState[]): boolean {
  return firstSetWaiting(sets) !== null;
}

/** Set 1 while it is ticketed and its digits are not in yet (see numbersBeingDrawn), else null. */
export function firstSetWaiting<T extends SetDrawState>(sets: readonly T[]): T | null {
  return sets.find((set) => set.set === 1 && set.drawn_at === null) ?? null;
}

/** What game day says while set 1's draw waits for its beacon round. */
export function firstSetWaitingText(round: number | null): string {
  return `The numbers are being drawn: waiting for drand round ${round ?? '?'}. They appear here by themselves, and scores can be entered once they are in.`;
}

/** open: squares for sale; drawn: numbers drawn, game still on; completed: the game is over. */
export type GamePhase = 'open' | 'drawn' | 'completed';

export const SALES_CLOSED_MESSAGES = {
  drawn: 'Sales are closed: the numbers have been drawn.',
  /** D38: set 1's ticket is written, its digits wait for the beacon. */
  drawing: 'Sales are closed: the numbers are being drawn.',
  completed: 'Sales are closed: this game is completed.',
  /** D39: the kickoff passed (numbers not drawn, or not drawn yet). */
  kickoff: 'Sales closed at kickoff.',
} as const;

export function gamePhase(game: SalesState): GamePhase {
  if (!game.is_active) return 'completed';
  return game.grid_shuffled ? 'drawn' : 'open';
}

/**
 * D39: the kickoff has closed sales at `now`: its run stamped them closed, or the kickoff has
 * passed and the run has not come yet (the board, the cart and checkout all say closed then).
 */
export function closedAtKickoff(game: Pick<SalesState, 'sales_closed_at' | 'kickoff_at'>, now: Date): boolean {
  if (game.sales_closed_at) return true;
  return !!game.kickoff_at && Date.parse(game.kickoff_at) <= now.getTime();
}

/** True while squares can be bought at `now`: the game is active, no numbers are drawn (D16, D18) and its kickoff has not closed sales (D39). */
export function salesOpen(game: SalesState, now: Date): boolean {
  return gamePhase(game) === 'open' && !closedAtKickoff(game, now);
}

/** Why squares of a game whose sales are closed at `now` cannot be bought; `sets` are the game's digit sets. */
export function salesClosedMessage(game: SalesState, sets: readonly SetDrawState[], now: Date): string {
  if (!game.is_active) return SALES_CLOSED_MESSAGES.completed;
  if (!game.grid_shuffled && closedAtKickoff(game, now)) return SALES_CLOSED_MESSAGES.kickoff;
  return numbersBeingDrawn(sets) ? SALES_CLOSED_MESSAGES.drawing : SALES_CLOSED_MESSAGES.drawn;
}

/** The board's words for a game with every square sold (its badge reads Sold Out, core/status.ts). */
export const SOLD_OUT_MESSAGE = 'Sold out: every square is taken, there are no squares left to pick.';

/** How full a board is: squares sold of the squares it has (D36: 100, 50 or 25). */
export interface BoardFill {
  readonly squares_claimed: number;
  readonly board_size: number;
}

/** True when every square of the board is sold. */
export function everySquareSold(game: BoardFill): boolean {
  return game.squares_claimed >= game.board_size;
}

/** True while sales are open at `now` and every square is sold: nothing is left to buy. */
export function soldOut(game: SalesState & BoardFill, now: Date): boolean {
  return salesOpen(game, now) && everySquareSold(game);
}
