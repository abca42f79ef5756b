/**
 * Game day as the API speaks it (spec sections 2 "Game Day Controls", 3, 4, 7; D12, D14-D20,
 * D23, D24). Every route is admin-only except GET /api/me/winnings.
 *
 * - GET    /api/games/:id/game-day                    → GameDayView
 * - POST   /api/games/:id/numbers/randomize           {confirm_not_full?: boolean} → GameDayView
 *          409 GRID_NOT_FULL unless confirm_not_full (D18 "Randomize anyway");
 *          409 SCORES_ENTERED "Cannot randomize numbers after scores have been entered"
 * - DELETE /api/games/:id/numbers                     → GameDayView; 409 "Cannot clear numbers after scores have been entered"
 * - PUT    /api/games/:id/numbers/visibility          {revealed: boolean} → GameDayView
 * - PUT    /api/games/:id/quarters/:quarter           {team_a_score, team_b_score} → GameDayView
 *          confirms one quarter (in order, D19) or corrects a confirmed one while its payout is
 *          not completed; the winner is (re)computed; the 4th quarter completes the game.
 * - POST   /api/games/:id/quarters/confirm-all        {scores: {1..4: {team_a_score, team_b_score}}}
 *          → ConfirmAllResult: quarters in order, stopping at the first that fails.
 * - POST   /api/games/:id/quarters/:quarter/payout/mark-paid  {reference?: string} → GameDayView (D23)
 * - POST   /api/games/:id/quarters/:quarter/payout/retry      → GameDayView (failed payouts)
 * - GET    /api/me/winnings                           → MyWinningsResponse
 */
import type { BoardDraw, BoardNumbers } from './board-view';
import type { Game } from './games';
import type { Digit } from './grid';
import type { Quarter } from './scoring';
import type { PayoutStatus } from './status';

/** The spec's "Displayed quarter result", plus what the admin table needs. */
export interface QuarterResult {
  readonly quarter: Quarter;
  readonly team_a_score: number;
  readonly team_b_score: number;
  readonly winning_digit_x: Digit;
  readonly winning_digit_y: Digit;
  /** The winning cell (D14, D15). */
  readonly square_x: number;
  readonly square_y: number;
  /** Username, else null; the table shows name, else e-mail, else "No winner". */
  readonly winner_name: string | null;
  readonly winner_email: string | null;
  readonly winner_id: string | null;
  readonly payout_amount_cents: number;
  readonly payout_status: PayoutStatus;
  readonly payout_reference: string | null;
  readonly retry_count: number;
  readonly last_retry_at: string | null;
  readonly paid_at: string | null;
}

export interface GameDayView {
  readonly game: Game;
  /** The numbers whenever they exist (admins see them hidden or not). */
  readonly numbers: BoardNumbers | null;
  /** Confirmed quarters' results, in quarter order. */
  readonly results: readonly QuarterResult[];
  readonly draws: readonly BoardDraw[];
  /** D19: the next quarter that may be confirmed, null when all four are. */
  readonly next_quarter: Quarter | null;
  /** Any score entered: numbers locked ("Locked after score entry"). */
  readonly numbers_locked: boolean;
}

export interface ConfirmAllResult {
  readonly view: GameDayView;
  /** Quarters processed by this call, in order. */
  readonly processed: readonly Quarter[];
  /** The first failure, when processing stopped early: its quarter and message. */
  readonly failure: { readonly quarter: Quarter; readonly message: string } | null;
}

/** GET /api/me/winnings (spec /my-winnings; D23 badges). */
export interface MyWinningsResponse {
  readonly total_cents: number;
  readonly games: readonly {
    readonly game_id: string;
    readonly title: string;
    readonly team_a: string;
    readonly team_b: string;
    readonly wins: readonly {
      readonly quarter: Quarter;
      /** 1st Quarter, 2nd Quarter, 3rd Quarter, Final. */
      readonly label: string;
      readonly amount_cents: number;
      readonly badge: 'Paid' | 'Pending';
    }[];
  }[];
}
