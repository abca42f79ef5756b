/**
 * Boards as the API sends them, for the unit tests of the board's pure modules: a whole game with
 * every field, and the squares, winners and digit sets a test puts on it.
 */
import type { Period } from '@core/periods';
import type { BoardDigitSet, BoardResponse, BoardSquare, BoardWinner } from '@core/api/board';
import type { Game } from '@core/api/games';
import type { Digit } from '@core/grid';

/** Long before any kickoff of these games: sales are open unless the game says otherwise. */
export const NOW = new Date('2026-01-01T12:00:00Z');

export const DIGITS_X: Digit[] = [3, 8, 1, 0, 6, 2, 9, 4, 7, 5];
export const DIGITS_Y: Digit[] = [7, 2, 5, 9, 0, 4, 1, 8, 3, 6];

export function testGame(fields: Partial<Game> = {}): Game {
  return {
    id: 'g1',
    title: 'Super Bowl LX',
    team_a: 'Chiefs',
    team_b: 'Eagles',
    game_type: 'nfl',
    price_per_square: 10,
    price_per_square_cents: 1000,
    total_pot_cents: 0,
    collected_cents: 0,
    squares_claimed: 0,
    squares_available: 100,
    board_size: 100,
    board_rows: 10,
    board_columns: 10,
    digits_per_row: 1,
    digits_per_column: 1,
    is_active: true,
    grid_shuffled: false,
    numbers_revealed: false,
    manual_numbers_set: false,
    payout_schedule: 'even',
    payout_shares: null,
    organizer_percent: null,
    organizer_label: 'Organizer',
    unbought_rule: 'house',
    price_locked: false,
    payment_method: 'card',
    payment_instructions: null,
    pay_by: null,
    max_squares_per_player: null,
    visibility: 'public',
    number_sets: 'game',
    kickoff_at: null,
    time_zone: null,
    draw_at_kickoff: false,
    sales_closed_at: null,
    score_feed: null,
    created_by: null,
    created_at: '2025-12-01T00:00:00Z',
    updated_at: '2025-12-01T00:00:00Z',
    ...fields,
  };
}

export function testBoard(game: Partial<Game> = {}, fields: Partial<Omit<BoardResponse, 'game'>> = {}): BoardResponse {
  return {
    game: testGame(game),
    squares: [],
    numbers: null,
    winners: [],
    draws: [],
    draw_commit_hash: null,
    digit_sets: [],
    announcements: [],
    owing: null,
    ...fields,
  };
}

/** A board whose numbers are drawn and revealed (D16), with `winners` confirmed. */
export function drawnBoard(game: Partial<Game> = {}, fields: Partial<Omit<BoardResponse, 'game'>> = {}): BoardResponse {
  return testBoard(
    { grid_shuffled: true, numbers_revealed: true, ...game },
    { numbers: { x_axis_numbers: DIGITS_X, y_axis_numbers: DIGITS_Y, generated_at: '2026-01-01T10:00:00Z' }, ...fields },
  );
}

/** A square someone holds or owns; `owner` only for a claimed one (a hold names nobody). */
export function square(x: number, y: number, fields: Partial<BoardSquare> = {}): BoardSquare {
  return { x, y, status: 'claimed', owner_username: null, owner_no_account: false, owner_email: null, mine: false, unpaid: false, ...fields };
}

export const claimed = (x: number, y: number, owner: string, fields: Partial<BoardSquare> = {}) => square(x, y, { owner_username: owner, ...fields });

export const held = (x: number, y: number, fields: Partial<BoardSquare> = {}) => square(x, y, { status: 'held', ...fields });

export function winner(period: Period, x: number, y: number, name: string | null = null): BoardWinner {
  return {
    period,
    square_x: x,
    square_y: y,
    winning_numbers_x: DIGITS_X[x]!,
    winning_numbers_y: DIGITS_Y[y]!,
    team_a_score: 10,
    team_b_score: 7,
    winner_username: name,
    winner_no_account: false,
    payout_amount_cents: 2500,
    payout_status: 'pending',
  };
}

/** A digit set counting for `first`-`last`; drawn with `x` and `y`, or ticketed and waiting (null). */
export function digitSet(set: number, first: number, last: number, label: string, digits: { x: Digit[]; y: Digit[] } | null): BoardDigitSet {
  return {
    set,
    first_period: first,
    last_period: last,
    periods_label: label,
    method: 'commit-reveal',
    board_hash: null,
    chain_hash: null,
    round: set,
    commit_hash: null,
    drawn_at: digits ? '2026-01-01T10:00:00Z' : null,
    x_axis_numbers: digits?.x ?? null,
    y_axis_numbers: digits?.y ?? null,
    beacon_randomness: null,
    beacon_signature: null,
    revealed_seed: null,
  };
}
