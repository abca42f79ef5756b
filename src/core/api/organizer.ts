/**
 * The organizer's payment tools for organizer-collects games (D28), admins only:
 *
 * - POST /api/games/:id/squares/mark-paid    SquareSelection → SquaresChanged
 * - POST /api/games/:id/squares/mark-unpaid  SquareSelection → SquaresChanged
 * - POST /api/games/:id/squares/release      SquareSelection → SquaresChanged (unpaid squares only;
 *                                             their owners are told by e-mail)
 * - GET  /api/games/:id/payments             → PaymentTracking (per player: squares, due, paid, unpaid)
 */
import { z } from 'zod';
import { ORGANIZER_TOOL_ERRORS } from '../messages';
import { gameSchema } from './games';
import { cents, int, list, type Contract, type RequestOf } from './contract';

const invalid = ORGANIZER_TOOL_ERRORS.selectionInvalid;
const coordinate = z.number({ error: invalid }).int(invalid).min(0, invalid).max(9, invalid);
const cellSchema = z.object({ x: coordinate, y: coordinate }, { error: invalid });

/** Which squares: some by position, all of one player's, or every owned square of the game. Exactly one. */
export const squareSelectionSchema = z
  .object(
    {
      squares: z.array(cellSchema, { error: invalid }).min(1, ORGANIZER_TOOL_ERRORS.selectionEmpty).max(100, invalid).optional(),
      user_id: z.string({ error: invalid }).min(1, invalid).max(100, invalid).optional(),
      all: z.literal(true, { error: invalid }).optional(),
    },
    { error: invalid },
  )
  .refine((s) => [s.squares, s.user_id, s.all].filter((v) => v !== undefined).length === 1, { message: ORGANIZER_TOOL_ERRORS.selectionOne });
export type SquareSelection = RequestOf<typeof squareSelectionSchema>;

/** How many squares changed, and the game as it is now (its pot). */
export const squaresChangedSchema = z.object({ changed: int, game: gameSchema });
export type SquaresChanged = Contract<typeof squaresChangedSchema>;

export const playerPaymentsSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  squares: list(z.object({ x: int, y: int, paid: z.boolean() })),
  due_cents: cents,
  paid_cents: cents,
  unpaid_cents: cents,
});
export type PlayerPayments = Contract<typeof playerPaymentsSchema>;

/** D28's payment-tracking view: every player with squares in the game, most unpaid first. */
export const paymentTrackingSchema = z.object({
  game: gameSchema,
  players: list(playerPaymentsSchema),
  totals: z.object({ squares: int, unpaid_squares: int, due_cents: cents, paid_cents: cents, unpaid_cents: cents }),
});
export type PaymentTracking = Contract<typeof paymentTrackingSchema>;
