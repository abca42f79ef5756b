/**
 * A game's board as the API sends it: GET /api/games/:id/board (spec sections 3-4, D11, D14,
 * D16, D17). Public (D11): visitors get it read-only; `mine` is about the viewer's session.
 * And the live-update event of GET /api/games/:id/events.
 */
import { z } from 'zod';
import { INVALID_CART_ITEMS } from '../messages';
import { RANDOM_PICK_ERRORS, RANDOM_PICK_MAX } from '../random-pick';
import { PAYOUT_STATUSES } from '../status';
import { announcementSchema } from './announcements';
import { cents, digit, int, list, period, timestamp, type Contract } from './contract';
import { gameSchema } from './games';

const boardSquareSchema = z.object({
  /** Row from 0 (team A), D14; below game.board_rows (D36). */
  x: int,
  /** Column from 0 (team B), D14; below game.board_columns. */
  y: int,
  /** `claimed`: sold. `held`: in a checkout that is still open (D21). */
  status: z.enum(['claimed', 'held']),
  /** D48 (core/person.ts): the owner's username, or a named person's name, for a claimed square; null for a hold (the buyer is not shown). */
  owner_username: z.string().nullable(),
  /** D48: the owner is a named person (D29), marked "no account". */
  owner_no_account: z.boolean(),
  /** The owner's e-mail: sent to admins only (D11), null otherwise. */
  owner_email: z.string().nullable(),
  /** The viewer owns it, or holds it in their own open checkout. */
  mine: z.boolean(),
  /** D28: owned but not paid yet (organizer-collects). Told to its owner and to admins only; false for everyone else. */
  unpaid: z.boolean(),
});
export type BoardSquare = Contract<typeof boardSquareSchema>;

export const boardNumbersSchema = z.object({
  /**
   * Team A's digits in drawn order (D14). On a 10 x 10 board row x shows x_axis_numbers[x]; on a
   * board whose rows carry two digits (D36, game.digits_per_row) row x shows positions 2x and 2x+1
   * (board-shape.ts `axisLineDigits`).
   */
  x_axis_numbers: list(digit),
  /** Team B's digits in drawn order, read the same way with game.digits_per_column. */
  y_axis_numbers: list(digit),
  generated_at: timestamp,
});
export type BoardNumbers = Contract<typeof boardNumbersSchema>;

const boardWinnerSchema = z.object({
  period,
  square_x: int,
  square_y: int,
  winning_numbers_x: digit,
  winning_numbers_y: digit,
  team_a_score: int,
  team_b_score: int,
  /** D48: the winner's username or a named person's name; null when nobody bought the winning square (D24). */
  winner_username: z.string().nullable(),
  /** D48: the winner is a named person (D29), marked "no account". */
  winner_no_account: z.boolean(),
  payout_amount_cents: cents,
  payout_status: z.enum(PAYOUT_STATUSES),
});
export type BoardWinner = Contract<typeof boardWinnerSchema>;

/**
 * D28: what the viewer still owes the organizer for this game (owingFor, core/payment-methods.ts):
 * their unpaid squares at the game's price, the pay-by time and how to pay. Per viewer: null for
 * visitors, for a card game and for a player who owes nothing.
 */
export const owingSchema = z.object({
  squares: int,
  amount_cents: cents,
  pay_by: timestamp.nullable(),
  instructions: z.string().nullable(),
});
export type OwingInfo = Contract<typeof owingSchema>;

/** One line of the draw log (D17). */
export const boardDrawSchema = z.object({ action: z.enum(['drawn', 'cleared']), created_at: timestamp });
export type BoardDraw = Contract<typeof boardDrawSchema>;

/**
 * D35/D38: one digit set as the board shows it: the periods it counts for, its ticket (fixed
 * before its randomness exists), and once drawn its digits (under the same reveal rule as
 * `numbers`) with the published beacon round or seed (design note 030).
 */
export const boardDigitSetSchema = z.object({
  set: int,
  first_period: int,
  last_period: int,
  /** "Q1-Q2", "Q3", "H1-H2" (numberSetPeriodsLabel). */
  periods_label: z.string(),
  /** 'legacy': drawn before tickets existed, nothing to verify. */
  method: z.enum(['beacon', 'commit-reveal', 'legacy']),
  board_hash: z.string().nullable(),
  chain_hash: z.string().nullable(),
  /** The beacon round, or for commit-reveal the draw's ordinal in the game (design note 030). */
  round: int.nullable(),
  commit_hash: z.string().nullable(),
  drawn_at: timestamp.nullable(),
  x_axis_numbers: list(digit).nullable(),
  y_axis_numbers: list(digit).nullable(),
  beacon_randomness: z.string().nullable(),
  beacon_signature: z.string().nullable(),
  /** The commit-reveal seed, published with the game's last set. */
  revealed_seed: z.string().nullable(),
});
export type BoardDigitSet = Contract<typeof boardDigitSetSchema>;

export const boardResponseSchema = z.object({
  game: gameSchema,
  /** Only the squares that are held or claimed; every other square is available. */
  squares: list(boardSquareSchema),
  /**
   * The axis digits once they exist and are revealed (spec: axes show # until then). Admins get
   * them as soon as they exist, revealed or not.
   */
  numbers: boardNumbersSchema.nullable(),
  /** Confirmed periods, shown when the game is shuffled, numbers exist and are revealed. */
  winners: list(boardWinnerSchema),
  /** Every draw and clear, oldest first (D17). */
  draws: list(boardDrawSchema),
  /** D38: the commit-reveal seed's SHA-256, on the board from creation; null for a beacon game. */
  draw_commit_hash: z.string().nullable(),
  /** D35/D38: the game's digit sets drawn or ticketed so far, set 1 first. */
  digit_sets: list(boardDigitSetSchema),
  /** D40: the organizer's announcements, newest first (at most ANNOUNCEMENTS_PER_GAME). */
  announcements: list(announcementSchema),
  /** D28: what this viewer owes for the game; the last field, as board-json.ts writes it per viewer. */
  owing: owingSchema.nullable(),
});
export type BoardResponse = Contract<typeof boardResponseSchema>;

/**
 * Server-sent events of GET /api/games/:id/events: `event: change` with this JSON as data,
 * whenever something on the board changed. Clients re-read the board; a comment line
 * (`: heartbeat`) comes every 30 s (spec section 9). Its type is what both sides use.
 * @public
 */
export const boardChangeEventSchema = z.object({
  game_id: z.string(),
  reason: z.enum(['squares', 'numbers', 'game', 'winners', 'deleted', 'announcements']),
});
export type BoardChangeEvent = Contract<typeof boardChangeEventSchema>;

const pickCount = z
  .number({ error: RANDOM_PICK_ERRORS.count })
  .int(RANDOM_PICK_ERRORS.count)
  .min(1, RANDOM_PICK_ERRORS.count)
  .max(RANDOM_PICK_MAX, RANDOM_PICK_ERRORS.count);
const pickedSquare = z.object({ x: z.number().int().min(0).max(9), y: z.number().int().min(0).max(9) }, { error: INVALID_CART_ITEMS });

/**
 * POST /api/games/:id/squares/random (D44, signed in): `count` open squares chosen at random by
 * the server, none of `exclude` (the squares already in the player's cart). Nothing is reserved:
 * the squares go to the cart and are checked again at checkout.
 */
export const randomPickRequestSchema = z.object({
  count: pickCount,
  exclude: z.array(pickedSquare, { error: INVALID_CART_ITEMS }).max(100, INVALID_CART_ITEMS).default([]),
});
export type RandomPickRequest = Contract<typeof randomPickRequestSchema>;

export const randomPickResponseSchema = z.object({ squares: list(z.object({ x: int, y: int })) });
export type RandomPickResponse = Contract<typeof randomPickResponseSchema>;
