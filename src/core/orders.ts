/** A game's orders as admins see them (D21, D33); the contract is src/core/api/orders.ts. */
import type { GameOrder, OrderStatus } from './api/orders';
import { SQUARE_PAYMENT_WORDS } from './payment-methods';

/** The status as the admin's list says it, for every status but `reserved` (see orderStatusLabel). */
const ORDER_STATUS_LABELS: Readonly<Record<Exclude<OrderStatus, 'reserved'>, string>> = {
  paid: 'Paid',
  open: 'Awaiting payment',
  refunded: 'Refunded',
};

/**
 * The order's status in the words of every page and export (D49): an organizer-collects order
 * says how much of it the organizer has been paid, never "paid" before it is.
 */
export function orderStatusLabel(order: Pick<GameOrder, 'status' | 'squares' | 'squares_paid' | 'squares_released'>): string {
  if (order.status !== 'reserved') return ORDER_STATUS_LABELS[order.status];
  const kept = order.squares.length - order.squares_released;
  const released = order.squares_released > 0 ? `, ${order.squares_released} released` : '';
  if (kept === 0) return `Released, ${SQUARE_PAYMENT_WORDS.unpaid.toLowerCase()}`;
  if (order.squares_paid >= kept) return `${SQUARE_PAYMENT_WORDS.paid} to the organizer${released}`;
  if (order.squares_paid === 0) return `Reserved, ${SQUARE_PAYMENT_WORDS.unpaid.toLowerCase()}${released}`;
  return `Reserved, ${order.squares_paid} of ${kept} paid${released}`;
}

/** True when the organizer has been paid for every square the order still holds. */
export function orderFullyPaid(order: Pick<GameOrder, 'status' | 'squares' | 'squares_paid' | 'squares_released'>): boolean {
  if (order.status !== 'reserved') return order.status === 'paid';
  const kept = order.squares.length - order.squares_released;
  return kept > 0 && order.squares_paid >= kept;
}
