/** A game's orders as admins see them (D21, D33); the contract is src/core/api/orders.ts. */
import type { OrderStatus } from './api/orders';

/** The status as the admin's list says it. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  paid: 'Paid',
  open: 'Awaiting payment',
  refunded: 'Refunded',
  reserved: 'Reserved, paid to the organizer',
};
