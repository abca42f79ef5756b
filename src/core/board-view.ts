/**
 * A game's board as the API sends it: GET /api/games/:id/board (spec sections 3-4, D11, D14,
 * D16, D17). Public (D11): visitors get it read-only; `mine` is about the viewer's session.
 */
import type { Game } from './games';
import type { Digit } from './grid';
import type { Quarter } from './scoring';
import type { PayoutStatus } from './status';

export interface BoardSquare {
  /** Row, 0-9 (team A), D14. */
  readonly x: number;
  /** Column, 0-9 (team B), D14. */
  readonly y: number;
  /** `claimed`: sold. `held`: in a checkout that is still open (D21). */
  readonly status: 'claimed' | 'held';
  /** The owner's username for a claimed square; null for a hold (the buyer is not shown). */
  readonly owner_username: string | null;
  /** The owner's e-mail: sent to admins only (D11), null otherwise. */
  readonly owner_email: string | null;
  /** The viewer owns it, or holds it in their own open checkout. */
  readonly mine: boolean;
}

export interface BoardNumbers {
  /** The digit on each row (team A): x_axis_numbers[x], D14. */
  readonly x_axis_numbers: readonly Digit[];
  /** The digit on each column (team B): y_axis_numbers[y], D14. */
  readonly y_axis_numbers: readonly Digit[];
  readonly generated_at: string;
}

export interface BoardWinner {
  readonly quarter: Quarter;
  readonly square_x: number;
  readonly square_y: number;
  readonly winning_numbers_x: Digit;
  readonly winning_numbers_y: Digit;
  readonly team_a_score: number;
  readonly team_b_score: number;
  /** Null when nobody bought the winning square (D24). */
  readonly winner_username: string | null;
  readonly payout_amount_cents: number;
  readonly payout_status: PayoutStatus;
}

/** One line of the draw log (D17). */
export interface BoardDraw {
  readonly action: 'drawn' | 'cleared';
  readonly created_at: string;
}

export interface BoardResponse {
  readonly game: Game;
  /** Only the squares that are held or claimed; every other square is available. */
  readonly squares: readonly BoardSquare[];
  /**
   * The axis digits once they exist and are revealed (spec: axes show # until then). Admins get
   * them as soon as they exist, revealed or not.
   */
  readonly numbers: BoardNumbers | null;
  /** Confirmed quarters, shown when the game is shuffled, numbers exist and are revealed. */
  readonly winners: readonly BoardWinner[];
  /** Every draw and clear, oldest first (D17). */
  readonly draws: readonly BoardDraw[];
}

/**
 * Server-sent events of GET /api/games/:id/events: `event: change` with this JSON as data,
 * whenever something on the board changed. Clients re-read the board; a comment line
 * (`: heartbeat`) comes every 30 s (spec section 9).
 */
export interface BoardChangeEvent {
  readonly game_id: string;
  readonly reason: 'squares' | 'numbers' | 'game' | 'winners' | 'deleted';
}
