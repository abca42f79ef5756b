import type { ConfirmAllResult, GameDayView, MyWinningsResponse } from '@core/game-day';
import { DIGITS } from '@core/grid';
import { PAYOUT_REFERENCE_NOT_ALLOWED } from '@core/messages';
import { fromResult, quarterScoreSchema } from '@core/schemas';
import { validateOptionalText, type TextField } from '@core/text';
import { QUARTERS } from '@core/scoring';
import { PAYOUT_STATUSES } from '@core/status';
import { z } from 'zod';
import { gameSchema } from '../games/games.schemas';
import { GAME_DAY_TEXTS } from './game-day.messages';

const digit = z.literal(DIGITS);
const quarter = z.literal(QUARTERS);

/** GameDayView (src/core/game-day.ts); the serializer checks every answer against it. */
export const gameDayViewSchema = z.object({
  game: gameSchema,
  numbers: z.object({ x_axis_numbers: z.array(digit), y_axis_numbers: z.array(digit), generated_at: z.string() }).nullable(),
  results: z.array(
    z.object({
      quarter,
      team_a_score: z.number().int(),
      team_b_score: z.number().int(),
      winning_digit_x: digit,
      winning_digit_y: digit,
      square_x: z.number().int(),
      square_y: z.number().int(),
      winner_name: z.string().nullable(),
      winner_email: z.string().nullable(),
      winner_id: z.string().nullable(),
      payout_amount_cents: z.number().int(),
      payout_status: z.enum(PAYOUT_STATUSES),
      payout_reference: z.string().nullable(),
      retry_count: z.number().int(),
      last_retry_at: z.string().nullable(),
      paid_at: z.string().nullable(),
    }),
  ),
  draws: z.array(z.object({ action: z.enum(['drawn', 'cleared']), created_at: z.string() })),
  next_quarter: quarter.nullable(),
  numbers_locked: z.boolean(),
});

export const confirmAllResultSchema = z.object({
  view: gameDayViewSchema,
  processed: z.array(quarter),
  failure: z.object({ quarter, message: z.string() }).nullable(),
});

export const myWinningsResponseSchema = z.object({
  total_cents: z.number().int(),
  games: z.array(
    z.object({
      game_id: z.string(),
      title: z.string(),
      team_a: z.string(),
      team_b: z.string(),
      wins: z.array(z.object({ quarter, label: z.string(), amount_cents: z.number().int(), badge: z.enum(['Paid', 'Pending']) })),
    }),
  ),
});

// Requests.

export const idParams = z.object({ id: z.string() });

/** :quarter is 1-4. */
export const quarterParams = z.object({
  id: z.string(),
  quarter: z.enum(['1', '2', '3', '4'], { error: GAME_DAY_TEXTS.quarterInvalid }).transform((value) => Number(value) as 1 | 2 | 3 | 4),
});

/** D18: `confirm_not_full` is the admin's "Randomize anyway". */
export const randomizeBody = z.object({ confirm_not_full: z.boolean().optional() }).nullish();

export const visibilityBody = z.object({ revealed: z.boolean() });

/** One quarter's two scores, with the spec's messages (section 5). */
export const quarterBody = quarterScoreSchema;

const allQuarters = { error: GAME_DAY_TEXTS.allQuartersRequired };
const quarterEntry = z.object(quarterScoreSchema.shape, allQuarters);

/** Confirm All Quarter Winners: all four quarters (spec: enabled only when all eight boxes are valid). */
export const confirmAllBody = z.object({ scores: z.object({ 1: quarterEntry, 2: quarterEntry, 3: quarterEntry, 4: quarterEntry }, allQuarters) }, allQuarters);

const REFERENCE_FIELD: TextField = {
  maxLength: 200,
  messages: { tooLong: GAME_DAY_TEXTS.referenceTooLong, notAllowed: PAYOUT_REFERENCE_NOT_ALLOWED },
};

/** Mark Paid: an optional reference such as "Venmo 1234" (D23), under the free-text rule; blank is none. */
export const markPaidBody = z
  .object({
    reference: z
      .string()
      .optional()
      .transform(fromResult((raw: string | undefined) => validateOptionalText(raw, REFERENCE_FIELD))),
  })
  .nullish();

// Compile-time guards: each schema and its shared contract describe the same object.
type DeepMutable<T> = T extends readonly (infer U)[] ? DeepMutable<U>[] : T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
type Same<A, B> = [A, B] extends [B, A] ? true : never;
const _view: Same<z.infer<typeof gameDayViewSchema>, DeepMutable<GameDayView>> = true;
const _all: Same<z.infer<typeof confirmAllResultSchema>, DeepMutable<ConfirmAllResult>> = true;
const _winnings: Same<z.infer<typeof myWinningsResponseSchema>, DeepMutable<MyWinningsResponse>> = true;
void _view;
void _all;
void _winnings;
