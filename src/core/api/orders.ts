/**
 * A game's orders as admins see them (D21, D33): GET /api/admin/games/:id/orders, admins only. Each
 * order is one checkout's part of the game: its buyer, squares, amount and the notes typed on
 * /payment. Newest first; expired, cancelled and declined checkouts are left out (nothing was
 * bought).
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../payment-methods';
import { cents, int, list, timestamp, type Contract } from './contract';

/**
 * paid: fulfilled. open: waiting for the buyer's payment. refunded: paid, then refunded (D21).
 * reserved: an organizer-collects order (D28), its squares the buyer's and paid one by one.
 */
const ORDER_STATUSES = ['paid', 'open', 'refunded', 'reserved'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const gameOrderSchema = z.object({
  checkout_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** D28: paid by card in the app, or to the organizer. */
  method: z.enum(PAYMENT_METHODS),
  /** D48 (core/person.ts): username or a named person's name; shown through personLabel. */
  buyer_username: z.string().nullable(),
  /** D48: a named person (D29), marked "no account". */
  buyer_no_account: z.boolean(),
  /** A real address ('' when none), never a named person's placeholder. */
  buyer_email: z.string(),
  /** The order's squares in this game, in (x, y) order (D14: x is the row, y the column, 0-9). */
  squares: list(z.object({ x: int, y: int })),
  /**
   * D28, D49: of the order's squares, how many are paid and how many were released since (an
   * organizer-collects order's squares are paid one by one; a card order's are paid at checkout).
   */
  squares_paid: int,
  squares_released: int,
  /** What the squares in this game cost (a checkout may span several games). */
  amount_cents: cents,
  /** The notes typed on /payment, or null. */
  notes: z.string().nullable(),
  created_at: timestamp,
});
export type GameOrder = Contract<typeof gameOrderSchema>;

export const gameOrdersResponseSchema = z.object({ orders: list(gameOrderSchema) });
export type GameOrdersResponse = Contract<typeof gameOrdersResponseSchema>;
