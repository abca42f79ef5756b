import { squarePositionLabel } from '@core/grid';
import { formatUsd } from '@core/money';
import type { GameOrder, OrderStatus } from '@core/api/orders';
import { orderFullyPaid, orderStatusLabel } from '@core/orders';
import { personLabel } from '@core/person';
import { MessageSquareText } from 'lucide-react';
import { ErrorState } from '@/components/page';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useGameOrders } from './orders';
import { formatGameTime } from '@core/game-time';
import { countOf } from '@core/text';

const STATUS_VARIANTS: Record<OrderStatus, BadgeProps['variant']> = {
  paid: 'success',
  open: 'outline',
  refunded: 'secondary',
  reserved: 'outline',
};

/**
 * The game's orders on its admin page (D21, D33): who bought which squares (counted from 1,
 * D14), for how much, and the note they typed at payment. Newest first.
 */
export function GameOrders({ gameId, zone, headingLevel = 'h2' }: { gameId: string; zone: string | null; headingLevel?: 'h2' | 'h3' }) {
  const orders = useGameOrders(gameId);
  const Heading = headingLevel;
  const list = orders.data?.orders;
  const notes = list?.filter((order) => order.notes !== null).length ?? 0;
  return (
    <section aria-labelledby="game-orders-heading" className="flex flex-col gap-3" data-testid="game-orders">
      <div className="flex flex-col gap-1">
        <Heading id="game-orders-heading" className="text-xl font-semibold tracking-tight">
          Orders
        </Heading>
        <p className="text-sm text-muted-foreground">
          Paid, waiting and refunded orders of this game, newest first, with the notes buyers typed at payment
          {list ? ` (${countOf(notes, 'note')})` : ''}.
        </p>
      </div>
      {list ? (
        list.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="game-orders-empty">
            No orders yet.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border/70 rounded-xl border bg-card shadow-sm" aria-label="Orders">
            {list.map((order) => (
              <OrderItem key={order.checkout_id} order={order} zone={zone} />
            ))}
          </ul>
        )
      ) : orders.isError && !orders.isFetching ? (
        <ErrorState title="Failed to load the orders" onRetry={() => void orders.refetch()} />
      ) : (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span role="status" className="sr-only">
            Loading orders...
          </span>
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      )}
    </section>
  );
}

function OrderItem({ order, zone }: { order: GameOrder; zone: string | null }) {
  const count = order.squares.length;
  return (
    <li className="flex flex-col gap-2 p-3 text-sm sm:p-4" data-testid="game-order">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          <span className="font-semibold [overflow-wrap:anywhere]" data-testid="order-buyer">
            {personLabel({ name: order.buyer_username, noAccount: order.buyer_no_account, email: order.buyer_email })}
          </span>
          {order.buyer_username && order.buyer_email && <span className="text-muted-foreground [overflow-wrap:anywhere]">{order.buyer_email}</span>}
        </span>
        <span className="flex items-center gap-2">
          <span className="font-semibold tabular-nums" data-testid="order-amount">
            {formatUsd(order.amount_cents)}
          </span>
          <Badge variant={orderFullyPaid(order) ? 'success' : STATUS_VARIANTS[order.status]} data-testid="order-status">
            {orderStatusLabel(order)}
          </Badge>
        </span>
      </div>
      <p className="text-muted-foreground">
        <span className="sr-only">Squares: </span>
        <span data-testid="order-squares">{order.squares.map(squarePositionLabel).join('; ')}</span>
        {' · '}
        {countOf(count, 'square')} · {formatGameTime(order.created_at, zone)}
      </p>
      {order.notes !== null ? (
        <p className="flex items-start gap-2 rounded-md bg-muted/60 px-3 py-2 [overflow-wrap:anywhere] whitespace-pre-line" data-testid="order-note">
          <MessageSquareText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>
            <span className="sr-only">Note from the buyer: </span>
            {order.notes}
          </span>
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">No note.</p>
      )}
    </li>
  );
}
