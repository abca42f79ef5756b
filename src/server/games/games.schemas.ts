import type { Game } from '@core/games';
import { PAYOUT_SCHEDULE_IDS } from '@core/payouts';
import { GAME_TYPES } from '@core/validation';
import { z } from 'zod';

/** The API's game (src/core/games.ts); the serializer checks every answer against it. */
export const gameSchema = z.object({
  id: z.string(),
  title: z.string(),
  team_a: z.string(),
  team_b: z.string(),
  game_type: z.enum(GAME_TYPES),
  price_per_square: z.number(),
  price_per_square_cents: z.number().int(),
  total_pot_cents: z.number().int(),
  squares_claimed: z.number().int(),
  squares_available: z.number().int(),
  is_active: z.boolean(),
  grid_shuffled: z.boolean(),
  numbers_revealed: z.boolean(),
  manual_numbers_set: z.boolean(),
  payout_schedule: z.enum(PAYOUT_SCHEDULE_IDS),
  price_locked: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
// Compile-time guard: the schema and the shared contract must describe the same object.
const _sameShape: [z.infer<typeof gameSchema>, Game] extends [Game, z.infer<typeof gameSchema>] ? true : never = true;
void _sameShape;
