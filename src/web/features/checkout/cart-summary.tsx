/** The cart's order summary: totals at live prices, what blocks payment, and Proceed to Payment. */
import { CART_TEXTS, type CartCheck } from '@core/cart-check';
import { formatUsd } from '@core/money';
import { ArrowRight, CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { LinkButton } from '@/components/link-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export function CartSummary({ cart, onRemoveUnavailable }: { cart: CartCheck; onRemoveUnavailable: () => void }) {
  const { checks, squareCount, totalCents, checking, invalidMessage, canPay } = cart;
  const flagged = cart.flagged.length > 0;
  const blockedId = useId();
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5 lg:sticky lg:top-20"
      data-testid="order-summary"
    >
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        Order Summary
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-muted-foreground">Squares</dt>
          <dd className="font-medium tabular-nums" data-testid="summary-count">
            {squareCount}
          </dd>
        </div>
        {checks.map((check) => (
          <div key={check.item.game_id} className="flex items-baseline justify-between gap-3">
            <dt className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">
              {check.board?.game.title ?? check.item.game_title} <span className="tabular-nums">({check.item.squares.length})</span>
            </dt>
            <dd className="tabular-nums">{formatUsd(check.priceCents * check.item.squares.length)}</dd>
          </div>
        ))}
        <div className="mt-1 flex items-baseline justify-between gap-3 border-t pt-3">
          <dt className="font-semibold">Total</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="summary-total">
            {formatUsd(totalCents)}
          </dd>
        </div>
      </dl>

      {flagged && (
        <Alert variant="destructive" id={blockedId} data-testid="cart-blocked">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{CART_TEXTS.unavailableTitle}</AlertTitle>
          <AlertDescription>
            <p>{CART_TEXTS.unavailableHelp}</p>
            <Button variant="outline" size="sm" className="mt-1 text-foreground" onClick={onRemoveUnavailable}>
              {CART_TEXTS.removeUnavailable}
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {!flagged && invalidMessage && (
        <Alert variant="destructive" id={blockedId}>
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{invalidMessage}</AlertTitle>
        </Alert>
      )}

      {canPay ? (
        <LinkButton size="lg" className="w-full" to="/payment" data-testid="proceed-to-payment">
          Proceed to Payment
          <ArrowRight aria-hidden="true" />
        </LinkButton>
      ) : (
        <Button size="lg" className="w-full" disabled aria-describedby={flagged || invalidMessage ? blockedId : undefined} data-testid="proceed-to-payment">
          {checking && !flagged ? CART_TEXTS.checking : 'Proceed to Payment'}
          <ArrowRight aria-hidden="true" />
        </Button>
      )}
      <p className="text-xs text-muted-foreground">The price is confirmed when you pay.</p>
    </section>
  );
}
