/**
 * A game's orders as admins see them (D21, D33): GET /api/games/:id/orders, admins only. Each
 * order is one checkout's part of the game: its buyer, squares, amount and the notes typed on
 * /payment.
 */

/** paid: fulfilled. open: waiting for the buyer's payment. refunded: paid, then refunded (D21). */
export type OrderStatus = 'paid' | 'open' | 'refunded';

export interface GameOrder {
  readonly checkout_id: string;
  readonly status: OrderStatus;
  readonly buyer_username: string | null;
  readonly buyer_email: string;
  /** The order's squares in this game, in (x, y) order (D14: x is the row, y the column, 0-9). */
  readonly squares: readonly { readonly x: number; readonly y: number }[];
  /** What the squares in this game cost (a checkout may span several games). */
  readonly amount_cents: number;
  /** The notes typed on /payment, or null. */
  readonly notes: string | null;
  readonly created_at: string;
}

/** Newest first. Expired, cancelled and declined checkouts are left out (nothing was bought). */
export interface GameOrdersResponse {
  readonly orders: readonly GameOrder[];
}

/** The status as the admin's list says it. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  paid: 'Paid',
  open: 'Awaiting payment',
  refunded: 'Refunded',
};
