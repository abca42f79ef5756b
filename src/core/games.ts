/**
 * A game as the API sends it (spec section 3, D4, D12, D13). Field names are the spec's; money
 * is integer cents, except `price_per_square`, the whole-dollar price the spec's forms and cart
 * use.
 */
import type { PayoutScheduleId } from './payouts';
import type { GameType } from './validation';

export interface Game {
  readonly id: string;
  readonly title: string;
  readonly team_a: string;
  readonly team_b: string;
  readonly game_type: GameType;
  /** Whole dollars, $1 to $10,000. */
  readonly price_per_square: number;
  readonly price_per_square_cents: number;
  /** Sum of the prices of the claimed squares. */
  readonly total_pot_cents: number;
  readonly squares_claimed: number;
  readonly squares_available: number;
  readonly is_active: boolean;
  /** True exactly while numbers exist (D16). */
  readonly grid_shuffled: boolean;
  readonly numbers_revealed: boolean;
  readonly manual_numbers_set: boolean;
  readonly payout_schedule: PayoutScheduleId;
  /** D13: true once any square is held or sold; price and payout schedule are then fixed. */
  readonly price_locked: boolean;
  readonly created_by: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** GET /api/games */
export interface GamesResponse {
  readonly games: readonly Game[];
}

/** GET /api/games/:id, POST /api/games, PATCH /api/games/:id */
export interface GameResponse {
  readonly game: Game;
}

/** DELETE /api/games/:id */
export interface GameDeletedResponse {
  readonly deleted: { readonly id: string; readonly title: string };
}
