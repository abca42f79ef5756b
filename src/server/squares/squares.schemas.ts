import type { BoardResponse } from '@core/board-view';
import type { MySquaresResponse } from '@core/checkout';
import { DIGITS } from '@core/grid';
import { QUARTERS } from '@core/scoring';
import { PAYOUT_STATUSES } from '@core/status';
import { z } from 'zod';
import { gameSchema } from '../games/games.schemas';

const digit = z.literal(DIGITS);

/** GET /api/games/:id/board (src/core/board-view.ts). */
export const boardResponseSchema = z.object({
  game: gameSchema,
  squares: z.array(
    z.object({
      x: z.number().int(),
      y: z.number().int(),
      status: z.enum(['claimed', 'held']),
      owner_username: z.string().nullable(),
      owner_email: z.string().nullable(),
      mine: z.boolean(),
    }),
  ),
  numbers: z
    .object({
      x_axis_numbers: z.array(digit),
      y_axis_numbers: z.array(digit),
      generated_at: z.string(),
    })
    .nullable(),
  winners: z.array(
    z.object({
      quarter: z.literal(QUARTERS),
      square_x: z.number().int(),
      square_y: z.number().int(),
      winning_numbers_x: digit,
      winning_numbers_y: digit,
      team_a_score: z.number().int(),
      team_b_score: z.number().int(),
      winner_username: z.string().nullable(),
      payout_amount_cents: z.number().int(),
      payout_status: z.enum(PAYOUT_STATUSES),
    }),
  ),
  draws: z.array(z.object({ action: z.enum(['drawn', 'cleared']), created_at: z.string() })),
});

/** GET /api/me/squares (src/core/checkout.ts). */
export const mySquaresResponseSchema = z.object({
  games: z.array(
    z.object({
      game_id: z.string(),
      title: z.string(),
      team_a: z.string(),
      team_b: z.string(),
      squares: z.array(z.object({ x: z.number().int(), y: z.number().int(), claimed_at: z.string() })),
      numbers: z.object({ x_axis_numbers: z.array(digit), y_axis_numbers: z.array(digit) }).nullable(),
    }),
  ),
  refunds: z.array(
    z.object({
      checkout_id: z.string(),
      amount_cents: z.number().int(),
      description: z.string(),
      reason: z.string(),
      refunded_at: z.string(),
    }),
  ),
});

// Compile-time guards: each schema and its shared contract describe the same object.
type DeepMutable<T> = T extends readonly (infer U)[] ? DeepMutable<U>[] : T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
const _board: [z.infer<typeof boardResponseSchema>, DeepMutable<BoardResponse>] extends [DeepMutable<BoardResponse>, z.infer<typeof boardResponseSchema>]
  ? true
  : never = true;
const _mine: [z.infer<typeof mySquaresResponseSchema>, DeepMutable<MySquaresResponse>] extends [
  DeepMutable<MySquaresResponse>,
  z.infer<typeof mySquaresResponseSchema>,
]
  ? true
  : never = true;
void _board;
void _mine;
