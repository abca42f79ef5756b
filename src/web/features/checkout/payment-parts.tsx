/** The pieces of /payment: Back to Cart, a payment method, the order summary and why paying failed. */
import type { Cart } from '@core/cart';
import { formatUsd } from '@core/money';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { BackLink, LoginLink } from '@/components/link-button';
import { SquarePositions } from './square-positions';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { type CheckoutFailure, type UnavailableSquare, unavailableSquareLabel } from './checkout';
import type { CartItem } from './cart';
import { cn } from '@/lib/utils';
import { countOf } from '@core/text';

export type Method = 'card' | 'paypal';

/** A cart entry as the live board prices it (issue 11 item 7: the same prices the cart shows, D4). */
export interface PricedItem {
  readonly item: CartItem;
  readonly title: string;
  readonly priceCents: number;
  /** Squares of the buyer's own open checkout (D21), by square key. */
  readonly pending: ReadonlySet<string>;
  /** D28: the organizer collects this game's money: how to pay them; null for a card game. */
  readonly organizer: { readonly instructions: string | null; readonly payBy: string | null; readonly zone: string | null } | null;
  /** Why (some of) this line cannot be paid, from the cart check; null when it can. */
  readonly problem: string | null;
}

export function BackToCart() {
  return (
    <BackLink className="self-start" to="/cart">
      Back to Cart
    </BackLink>
  );
}

export function MethodOption({
  value,
  checked,
  onChange,
  disabled = false,
  icon,
  label,
  hint,
  badge,
}: {
  value: Method;
  checked: boolean;
  onChange: (value: Method) => void;
  disabled?: boolean;
  icon: ReactNode;
  label: string;
  hint?: string;
  badge?: ReactNode;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex items-center gap-3 rounded-lg border p-4 transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-accent/60' : 'hover:bg-accent/40',
        disabled && 'cursor-not-allowed opacity-70 hover:bg-transparent',
        !disabled && 'cursor-pointer',
      )}
    >
      <input
        id={id}
        type="radio"
        name="payment-method"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="size-4 shrink-0 accent-primary focus-visible:outline-none"
      />
      <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-5">
        {icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">{label}</span>
        {hint && <span className="text-sm text-muted-foreground">{hint}</span>}
      </span>
      {badge}
    </label>
  );
}

/** The games and squares in the cart at their live prices (display only: the server prices the order, D4). */
export function OrderSummary({ items, onRemoveUnpayable }: { items: readonly PricedItem[]; onRemoveUnpayable: (gameId: string) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Order Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y" aria-label="Games in your order">
          {items.map(({ item, title, priceCents, pending, problem }) => {
            const count = item.squares.length;
            return (
              <li key={item.game_id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0" data-testid="payment-game">
                <div className="flex items-start justify-between gap-4">
                  <h3 className="min-w-0 font-medium break-words">{title}</h3>
                  <span className="shrink-0 font-medium tabular-nums" data-testid="payment-subtotal">
                    {formatUsd(count * priceCents)}
                  </span>
                </div>
                <p className="text-sm text-muted-foreground">
                  {countOf(count, 'square')} × {formatUsd(priceCents)}
                </p>
                <SquarePositions squares={item.squares} label={`Squares in ${title}`} pending={pending} />
                {problem && (
                  // What cannot be paid can be taken out here, without going back to the cart.
                  <div
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm"
                    data-testid="payment-line-problem"
                  >
                    <p className="font-medium text-destructive">{problem}</p>
                    <Button type="button" variant="outline" size="sm" onClick={() => onRemoveUnpayable(item.game_id)}>
                      Remove<span className="sr-only"> unavailable squares of {title}</span>
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

export function FailureNotice({
  failure,
  cart,
  onRemove,
}: {
  failure: CheckoutFailure;
  cart: Cart;
  onRemove: (squares: readonly UnavailableSquare[]) => void;
}) {
  if (failure.kind === 'login') {
    return (
      <Alert variant="destructive" data-testid="payment-error">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>{failure.message}</AlertTitle>
        <AlertDescription>
          <LoginLink size="sm" variant="outline" className="mt-1 text-foreground">
            Login
          </LoginLink>
        </AlertDescription>
      </Alert>
    );
  }
  if (failure.kind === 'unavailable') {
    const squares = failure.squares;
    return (
      <Alert variant="destructive" data-testid="payment-error">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>{squares.length === 1 ? 'A square is no longer available' : 'Some squares are no longer available'}</AlertTitle>
        <AlertDescription>
          {squares.length > 0 ? (
            <>
              <p>Someone else is buying or already owns:</p>
              <ul className="list-disc pl-5">
                {squares.map((square) => (
                  <li key={`${square.game_id}:${square.x},${square.y}`}>{unavailableSquareLabel(square, cart)}</li>
                ))}
              </ul>
              <p>Remove {squares.length === 1 ? 'it' : 'them'} from your cart to pay for the rest.</p>
              <Button type="button" size="sm" variant="outline" className="mt-1 text-foreground" onClick={() => onRemove(squares)}>
                Remove from cart
              </Button>
            </>
          ) : (
            <p>{failure.message}</p>
          )}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive" data-testid="payment-error">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{failure.message}</AlertTitle>
    </Alert>
  );
}
