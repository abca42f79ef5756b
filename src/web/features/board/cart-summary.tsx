import type { BoardResponse } from '@core/api/board';
import { squareKey, squarePositionLabel } from '@core/grid';
import { formatUsd } from '@core/money';
import { ShoppingCart } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { useCartItem } from '@/features/checkout/cart';
import { cn } from '@/lib/utils';
import { emptyCartText, gameCart, unavailableText, waitingText } from './game-cart';
import { countOf } from '@core/text';

/** "Your cart for this game" beside the board: its squares, their total, and the way to the cart. */
export function CartSummary({ board }: { board: BoardResponse }) {
  const item = useCartItem(board.game.id);
  const now = new Date();
  const cart = gameCart(board, item?.squares, now);
  const { count } = cart;
  if (cart.hidden) return null;
  return (
    <section aria-labelledby="game-cart-heading" className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="game-cart">
      <h2 id="game-cart-heading" className="flex items-center gap-2 font-semibold">
        <ShoppingCart aria-hidden="true" className="size-4" />
        Your cart for this game
      </h2>
      {cart.waiting > 0 && (
        <p className="text-sm" data-testid="game-cart-pending">
          {waitingText(cart.waiting)}
        </p>
      )}
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyCartText(cart.open)}</p>
      ) : (
        <>
          <p className="flex items-baseline justify-between gap-2 text-sm">
            <span data-testid="game-cart-count">{countOf(count, 'square')}</span>
            <span className="text-base font-semibold tabular-nums" data-testid="game-cart-subtotal">
              {formatUsd(cart.subtotalCents)}
            </span>
          </p>
          {cart.unavailable > 0 && (
            <p className="text-sm font-medium text-destructive" data-testid="game-cart-unavailable">
              {unavailableText(cart, board, now)}
            </p>
          )}
          <ul aria-label="Squares in your cart" className="flex flex-wrap gap-1.5">
            {item?.squares.map((square) => (
              <li
                key={squareKey(square)}
                className={cn(
                  'rounded-md bg-muted px-1.5 py-0.5 text-xs tabular-nums',
                  cart.taken.has(squareKey(square)) && 'bg-destructive/10 text-destructive line-through',
                )}
              >
                {squarePositionLabel(square)}
              </li>
            ))}
          </ul>
        </>
      )}
      <LinkButton variant={count > 0 ? 'default' : 'outline'} className="w-full" to="/cart">
        View Cart
      </LinkButton>
    </section>
  );
}
