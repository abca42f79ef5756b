/**
 * The buyer's own open checkout (D21 revised, issue 11): its squares are theirs, waiting for their
 * payment, and never block them. The cart, the payment page and the board say so and offer to
 * resume the payment page or to start again, which cancels that checkout (the server asks the
 * provider first: a payment that went through is confirmed instead).
 */
import { formatUsd } from '@core/money';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, CreditCard, ExternalLink, RotateCcw } from 'lucide-react';
import { type ComponentProps, type ReactNode, useCallback, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SquarePositions } from './square-positions';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { boardKeys } from '@/features/board/board-data';
import { cartStore } from './cart';
import {
  cancelCheckout,
  type CheckoutView,
  checkoutGameIdOf,
  checkoutKeys,
  forgetPendingCheckout,
  type OpenCheckout,
  paymentSuccessPath,
  squaresByGame,
} from './checkout';
import { clockTime } from '@/lib/time';
import { usePaysInSameTab } from '@/lib/use-mobile';
import { cn } from '@/lib/utils';
import { countOf } from '@core/text';

/** Our texts: the spec has no open checkout to come back to. */
export const OPEN_CHECKOUT_TEXTS = {
  title: 'Waiting for your payment',
  square: 'waiting for your payment',
  resume: 'Resume payment',
  startAgain: 'Start again',
  cancelling: 'Cancelling...',
  cancelled: 'Payment cancelled. Your squares are back in your cart.',
  notCancelled: 'We could not cancel that payment just now. Please try again in a moment.',
} as const;

/**
 * Cancelling the buyer's own checkout: start again, or back through the provider's cancel link.
 * Cancelled: its squares go back into the cart. Paid after all: the success page says so. Still
 * open (a payment under way, or the provider could not be asked): says so and changes nothing.
 */
export function useCancelOwnCheckout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);

  const cancel = useCallback(
    async (checkoutId: string, options: { quietIfMissing?: boolean } = {}): Promise<CheckoutView | null> => {
      setBusyId(checkoutId);
      try {
        const checkout = await cancelCheckout(checkoutId);
        if (checkout.status === 'fulfilled' || checkout.status === 'refunded') {
          navigate(paymentSuccessPath(checkoutGameIdOf(checkout.squares), checkout.id));
        } else if (checkout.status === 'open') {
          toast.error(OPEN_CHECKOUT_TEXTS.notCancelled);
        } else {
          forgetPendingCheckout(checkout.id);
          cartStore.putBack(
            checkout.squares.map(({ game_id, game_title, x, y, price_cents }) => ({ game_id, game_title, price_per_square: price_cents / 100, x, y })),
          );
          toast.success(OPEN_CHECKOUT_TEXTS.cancelled, { id: `cancelled-${checkout.id}` });
        }
        return checkout;
      } catch (error) {
        if (!(options.quietIfMissing && isApiError(error) && error.status === 404)) toast.error(OPEN_CHECKOUT_TEXTS.notCancelled);
        return null;
      } finally {
        setBusyId(null);
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.open });
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.detail(checkoutId) });
        // The squares are free again: the boards (and the cart's checks on them) say so.
        void queryClient.invalidateQueries({ queryKey: boardKeys.all });
      }
    },
    [navigate, queryClient],
  );
  return { cancel, busyId };
}

/**
 * "Waiting for your payment": what the buyer's open checkouts hold, until when, with Resume
 * payment (the provider's page, PaymentPageLink) and Start again. `hint` adds a sentence (the
 * payment page: paying there starts again too).
 */
export function OpenCheckoutNotice({ checkouts, hint, className }: { checkouts: readonly OpenCheckout[]; hint?: string; className?: string }) {
  const { cancel, busyId } = useCancelOwnCheckout();
  const titleId = useId();
  if (checkouts.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-3', className)} data-testid="open-checkout">
      {checkouts.map((checkout, index) => {
        const count = checkout.squares.length;
        const busy = busyId === checkout.id;
        return (
          <Alert key={checkout.id} role="status" className="border-primary/40 bg-accent/40" data-checkout-id={checkout.id}>
            <Clock aria-hidden="true" />
            <AlertTitle id={index === 0 ? titleId : undefined}>{OPEN_CHECKOUT_TEXTS.title}</AlertTitle>
            <AlertDescription className="flex flex-col gap-3">
              <p>
                You started paying for {countOf(count, 'square')} ({formatUsd(checkout.amount_cents)}). {count === 1 ? 'It is' : 'They are'} held for you until{' '}
                {clockTime(checkout.expires_at)}: finish paying on the payment page, or start again.{hint ? ` ${hint}` : ''}
              </p>
              <ul className="flex flex-col gap-2" aria-label="Squares waiting for your payment">
                {squaresByGame(checkout.squares).map(([gameId, game]) => (
                  <li key={gameId} className="flex flex-col gap-1">
                    <span className="font-medium text-foreground [overflow-wrap:anywhere]">{game.title}</span>
                    <SquarePositions squares={game.squares} label={`Squares in ${game.title} waiting for your payment`} />
                  </li>
                ))}
              </ul>
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                {checkout.url && (
                  <PaymentPageLink url={checkout.url} size="sm">
                    {OPEN_CHECKOUT_TEXTS.resume}
                  </PaymentPageLink>
                )}
                <Button size="sm" variant="outline" className="text-foreground" disabled={busy} aria-disabled={busy} onClick={() => void cancel(checkout.id)}>
                  {busy ? <Spinner label={OPEN_CHECKOUT_TEXTS.cancelling} /> : <RotateCcw aria-hidden="true" />}
                  {busy ? OPEN_CHECKOUT_TEXTS.cancelling : OPEN_CHECKOUT_TEXTS.startAgain}
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        );
      })}
    </section>
  );
}

/**
 * A link to a checkout's payment page: in a new tab on a desktop (spec), in this tab on a phone
 * (D45), where the provider's page comes back to /payment-success (or Back to where it was opened).
 */
export function PaymentPageLink({ url, children, ...props }: { url: string; children: ReactNode } & Omit<ComponentProps<typeof Button>, 'asChild'>) {
  const sameTab = usePaysInSameTab();
  return (
    <Button asChild {...props}>
      <a href={url} {...(sameTab ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
        {sameTab ? <CreditCard aria-hidden="true" /> : <ExternalLink aria-hidden="true" />}
        {children}
        {!sameTab && <span className="sr-only"> (opens in a new tab)</span>}
      </a>
    </Button>
  );
}
