/**
 * Game day as the API speaks it (spec sections 2 "Game Day Controls", 3, 4, 7; D12, D14-D20,
 * D23, D24). Every route is admin-only except GET /api/me/winnings.
 *
 * - GET    /api/admin/games/:id/game-day                    → GameDayView
 * - POST   /api/admin/games/:id/numbers/randomize           RandomizeRequest → GameDayView
 *          409 GRID_NOT_FULL unless confirm_not_full (D18 "Randomize anyway"); 409 UNPAID_SQUARES
 *          (`unpaid_squares`) unless confirm_unpaid is that number (D28);
 *          409 SCORES_ENTERED "Cannot randomize numbers after scores have been entered"
 * - DELETE /api/admin/games/:id/numbers                     → GameDayView; 409 "Cannot clear numbers after scores have been entered"
 * - PUT    /api/admin/games/:id/numbers/visibility          VisibilityRequest → GameDayView
 * - PUT    /api/admin/games/:id/quarters/:quarter           QuarterScoreRequest → GameDayView
 *          confirms one period (in order, D19) or corrects a confirmed one while its payout is
 *          not completed; the winner is (re)computed; the 4th quarter completes the game.
 * - POST   /api/admin/games/:id/periods/confirm-all        ConfirmAllRequest → ConfirmAllResult: periods
 *          in order, stopping at the first that fails.
 * - POST   /api/admin/games/:id/periods/:period/payout/mark-paid  MarkPaidRequest → GameDayView (D23)
 * - POST   /api/admin/games/:id/periods/:period/payout/retry      → GameDayView (failed payouts)
 * - GET    /api/me/winnings                           → MyWinningsResponse
 */
import { z } from 'zod';
import { PAYOUT_REFERENCE_NOT_ALLOWED } from '../messages';
import { fromResult, periodScoreSchema } from '../schemas';
import { PAYOUT_STATUSES } from '../status';
import { validateOptionalText, type TextField } from '../text';
import { boardDigitSetSchema, boardDrawSchema, boardNumbersSchema } from './board';
import { cents, digit, int, list, period, timestamp, type Contract } from './contract';
import { gameHeadingSchema, gameSchema } from './games';

/** Texts of the requests' checks (the spec has none for them). */
export const GAME_DAY_INPUT_TEXTS = {
  everyScoreRequired: 'Enter both scores for every quarter.',
  periodInvalid: 'The quarter must be 1, 2, 3 or 4.',
  /** D35: the `:set` of an early draw. */
  setInvalid: 'The number set must be 2, 3 or 4.',
  referenceTooLong: 'The payment reference must be at most 200 characters.',
} as const;

// --- Answers ---------------------------------------------------------------------------------

/** The spec's "Displayed period result", plus what the admin table needs. */
const periodResultSchema = z.object({
  period,
  team_a_score: int,
  team_b_score: int,
  winning_numbers_x: digit,
  winning_numbers_y: digit,
  /** The winning cell (D14, D15). */
  square_x: int,
  square_y: int,
  /** D48 (core/person.ts): username or a named person's name, else null; shown through personLabel. */
  winner_name: z.string().nullable(),
  /** D48: a named person (D29), marked "no account". */
  winner_no_account: z.boolean(),
  /** A real address (this view is admins' only), never a named person's placeholder. */
  winner_email: z.string().nullable(),
  /** D47: what the winner still owes for unpaid squares in this game (0 when nothing). */
  winner_owes_cents: cents,
  winner_id: z.string().nullable(),
  payout_amount_cents: cents,
  payout_status: z.enum(PAYOUT_STATUSES),
  payout_reference: z.string().nullable(),
  retry_count: int,
  last_retry_at: timestamp.nullable(),
  paid_at: timestamp.nullable(),
});
export type PeriodResult = Contract<typeof periodResultSchema>;

/**
 * D38: a digit set as the admin's game day shows it: the board's, with a waiting set's last failed
 * attempt to fetch or verify its round (the job retries); both null once the set is drawn.
 */
const gameDayDigitSetSchema = boardDigitSetSchema.extend({
  last_error: z.string().nullable(),
  last_error_at: timestamp.nullable(),
});
export type GameDayDigitSet = Contract<typeof gameDayDigitSetSchema>;

/** D23 with D34: the organizer's (or charity's) share as a payout (core/results-ledger.ts sharePayout). */
const sharePayoutSchema = z.object({
  /** "Organizer's share", "Food Bank share". */
  name: z.string(),
  /** Who gets it: "Organizer", "Food Bank". */
  label: z.string(),
  cents,
  paid_cents: cents,
  due_cents: cents,
  /** Each Mark Paid: amount, reference, who (D48), when; oldest first. */
  payments: list(z.object({ amount_cents: cents, reference: z.string().nullable(), paid_by: z.string().nullable(), paid_at: timestamp })),
});
export type SharePayoutView = Contract<typeof sharePayoutSchema>;

export const gameDayViewSchema = z.object({
  game: gameSchema,
  /** The numbers whenever they exist (admins see them hidden or not). */
  numbers: boardNumbersSchema.nullable(),
  /** Confirmed periods' results, in period order. */
  results: list(periodResultSchema),
  draws: list(boardDrawSchema),
  /** D35/D38: the digit sets with their tickets (admins see the digits before the reveal). */
  digit_sets: list(gameDayDigitSetSchema),
  /** D19: the next period that may be confirmed, null when all four are. */
  next_period: period.nullable(),
  /** Any score entered: numbers locked ("Locked after score entry"). */
  numbers_locked: z.boolean(),
  /** D50: players have seen the numbers (shown on the board now, or mailed): only Clear replaces them. */
  numbers_shown: z.boolean(),
  /** Null until the pot is final (numbers drawn) or when the rules give no organizer share. */
  share_payout: sharePayoutSchema.nullable(),
});
export type GameDayView = Contract<typeof gameDayViewSchema>;

export const confirmAllResultSchema = z.object({
  view: gameDayViewSchema,
  /** Quarters processed by this call, in order. */
  processed: list(period),
  /** The first failure, when processing stopped early: its period and message. */
  failure: z.object({ period, message: z.string() }).nullable(),
});
export type ConfirmAllResult = Contract<typeof confirmAllResultSchema>;

/** GET /api/me/winnings (spec /my-winnings; D23 badges). */
export const myWinningsResponseSchema = z.object({
  total_cents: cents,
  games: list(
    gameHeadingSchema.extend({
      wins: list(
        z.object({
          period,
          /** 1st Quarter, 2nd Quarter, 3rd Quarter, Final. */
          label: z.string(),
          amount_cents: cents,
          badge: z.enum(['Paid', 'Pending']),
        }),
      ),
    }),
  ),
});
export type MyWinningsResponse = Contract<typeof myWinningsResponseSchema>;

// --- Requests --------------------------------------------------------------------------------

/** `:id` and `:period` (1-4) of the period routes. */
export const periodParams = z.object({
  id: z.string(),
  period: z.enum(['1', '2', '3', '4'], { error: GAME_DAY_INPUT_TEXTS.periodInvalid }).transform((value) => Number(value) as 1 | 2 | 3 | 4),
});

/** `:id` and `:set` (2-4) of POST /api/admin/games/:id/number-sets/:set/draw (D35: set 1 is Randomize's). */
export const numberSetParams = z.object({
  id: z.string(),
  set: z.enum(['2', '3', '4'], { error: GAME_DAY_INPUT_TEXTS.setInvalid }).transform((value) => Number(value)),
});

/** D18: `confirm_not_full` is the admin's "Randomize anyway"; D28: `confirm_unpaid`, the number of unpaid squares the organizer agreed to. */
export const randomizeRequestSchema = z
  .object({ confirm_not_full: z.boolean().optional(), confirm_unpaid: z.number().int().min(0).max(100).optional() })
  .nullish();

export const visibilityRequestSchema = z.object({ revealed: z.boolean() });

/** One period's two scores, with the spec's messages (section 5). */
export const periodScoreRequestSchema = periodScoreSchema;

const allPeriods = { error: GAME_DAY_INPUT_TEXTS.everyScoreRequired };
const periodEntry = z.object(periodScoreSchema.shape, allPeriods);

/**
 * Confirm All Quarter Winners: every period of the game (spec: enabled only when all eight boxes
 * are valid). Periods 3 and 4 are optional here because a game in halves has none; the service
 * asks for exactly the game's own periods (periods.ts).
 */
export const confirmAllRequestSchema = z.object(
  { scores: z.object({ 1: periodEntry, 2: periodEntry, 3: periodEntry.optional(), 4: periodEntry.optional() }, allPeriods) },
  allPeriods,
);

const REFERENCE_FIELD: TextField = {
  maxLength: 200,
  messages: { tooLong: GAME_DAY_INPUT_TEXTS.referenceTooLong, notAllowed: PAYOUT_REFERENCE_NOT_ALLOWED },
};

/** Mark Paid: an optional reference such as "Venmo 1234" (D23), under the free-text rule; blank is none. */
export const markPaidRequestSchema = z
  .object({
    reference: z
      .string()
      .optional()
      .transform(fromResult((raw: string | undefined) => validateOptionalText(raw, REFERENCE_FIELD))),
  })
  .nullish();
