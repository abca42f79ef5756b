/** GET /api/me/squares (spec: /my-squares, grouped by game; D14, D16, D21). */
import { z } from 'zod';
import { cents, digit, int, list, timestamp, type Contract } from './contract';
import { BOARD_SIZES } from '../board-shape';
import { owingSchema } from './board';
import { gameHeadingSchema } from './games';

export const mySquaresResponseSchema = z.object({
  games: list(
    gameHeadingSchema.extend({
      /** D36: the game's board size; a square's digits are its row's and column's (board-shape.ts `squareDigitsLabel`). */
      board_size: z.union(BOARD_SIZES.map((size) => z.literal(size))),
      squares: list(z.object({ x: int, y: int, claimed_at: timestamp })),
      /**
       * The sets of numbers drawn so far, set 1 first, once the numbers are revealed to players
       * (D14, D16), else empty. A game with new numbers each quarter or at halftime (D35) has one
       * per period range ("Q1-Q2"), and a square's digits differ from set to set; the label is null
       * for a set that counts for the whole game.
       */
      number_sets: list(z.object({ periods_label: z.string().nullable(), x_axis_numbers: list(digit), y_axis_numbers: list(digit) })),
      /** D28: what the player still owes the organizer for this game (owingFor); null when nothing. */
      owing: owingSchema.nullable(),
    }),
  ),
  /**
   * Refunds, newest first: payments refunded in full because their squares could not all be
   * claimed (D21), and the part of a payment for a game that was deleted (D13; a checkout can have
   * several, one per game).
   */
  refunds: list(
    z.object({
      checkout_id: z.string(),
      amount_cents: cents,
      description: z.string(),
      reason: z.string(),
      refunded_at: timestamp,
    }),
  ),
});
export type MySquaresResponse = Contract<typeof mySquaresResponseSchema>;
