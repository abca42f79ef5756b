import type { GameOrder, GameOrdersResponse, OrderStatus } from '@core/api/orders';
import type { ServiceDeps } from '../service-deps';
import type { OrdersRepository } from './orders.repository';
import { gameNotFound } from '../games/game-or-404';

const STATUS: Readonly<Record<string, OrderStatus>> = {
  fulfilled: 'paid',
  open: 'open',
  refunded: 'refunded',
  refund_pending: 'refunded',
};

export interface OrdersServiceDeps extends ServiceDeps {
  repo: OrdersRepository;
}

/** A game's orders for its admins (D21, D33): buyer, squares, amount and the notes typed at payment. */
export function ordersService({ repo, clock: now }: OrdersServiceDeps) {
  return {
    async ofGame(gameId: string): Promise<GameOrdersResponse> {
      const [exists, rows, owned] = await Promise.all([repo.gameExists(gameId), repo.items(gameId, now().toISOString()), repo.ownedFromCheckouts(gameId)]);
      if (!exists) throw gameNotFound();
      // Each order's squares still owned, and how many of them are paid (D28: paid one by one).
      const held = new Map<string, { kept: number; paid: number }>();
      for (const square of owned) {
        const counts = held.get(square.checkout_id) ?? { kept: 0, paid: 0 };
        counts.kept += 1;
        if (square.is_paid) counts.paid += 1;
        held.set(square.checkout_id, counts);
      }
      const orders: Mutable<GameOrder>[] = [];
      for (const row of rows) {
        let order = orders.at(-1);
        if (!order || order.checkout_id !== row.checkout_id) {
          // D28: an organizer-collects order is reserved from the start; its squares are paid one by one.
          const status = row.provider === 'organizer' && row.status === 'fulfilled' ? 'reserved' : STATUS[row.status];
          if (!status) throw new Error(`checkout ${row.checkout_id}: unexpected status ${row.status}`);
          order = {
            checkout_id: row.checkout_id,
            status,
            method: row.provider === 'organizer' ? 'organizer' : 'card',
            buyer_username: row.buyer_username,
            buyer_no_account: row.buyer_no_account,
            buyer_email: row.buyer_email ?? '',
            squares: [],
            squares_paid: 0,
            squares_released: 0,
            amount_cents: 0,
            notes: row.notes === null || row.notes.trim() === '' ? null : row.notes,
            created_at: row.created_at,
          };
          orders.push(order);
        }
        order.squares.push({ x: row.x, y: row.y });
        order.amount_cents += row.price_cents;
      }
      for (const order of orders) {
        if (order.status !== 'reserved' && order.status !== 'paid') continue;
        const counts = held.get(order.checkout_id) ?? { kept: 0, paid: 0 };
        order.squares_paid = counts.paid;
        order.squares_released = Math.max(0, order.squares.length - counts.kept);
      }
      return { orders };
    },
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };

export type OrdersService = ReturnType<typeof ordersService>;
