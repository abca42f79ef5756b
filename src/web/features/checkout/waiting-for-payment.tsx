/**
 * After the payment page opened in a new tab (or, on a phone, after coming Back from it in this
 * tab, D45): what is being paid, a link back to that page, and the checkout's status, checked in
 * the background and on "I've paid — check status".
 */
import { formatUsd } from '@core/money';
import { CreditCard, ExternalLink, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LinkButton, LoginLink } from '@/components/link-button';
import { PaymentPageLink, useCancelOwnCheckout } from './open-checkout';
import { Page } from '@/components/page';
import { BackToCart } from './payment-parts';
import { SquarePositions } from './square-positions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { clockTime } from '@/lib/time';
import { type PendingCheckout, useWaitingCheckout } from './use-payment-tab';
import { cn } from '@/lib/utils';

export function WaitingForPayment({ pending, onStartOver }: { pending: PendingCheckout; onStartOver: () => void }) {
  const { closed, signedOut, checking, message, isError, checkNow } = useWaitingCheckout(pending);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { cancel, busyId } = useCancelOwnCheckout();
  const cancelling = busyId === pending.checkout_id;

  // D21: starting again cancels this checkout first (the server asks the provider: a payment that
  // went through goes to the success page instead); its squares stay in the cart.
  async function startAgain() {
    const ended = await cancel(pending.checkout_id);
    if (ended && ['cancelled', 'expired', 'declined'].includes(ended.status)) onStartOver();
  }

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Page title="Payment" before={<BackToCart />} width="narrow">
      <Card data-testid="payment-waiting">
        <CardHeader>
          <div aria-hidden="true" className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            {pending.sameTab ? <CreditCard className="size-5" /> : <ExternalLink className="size-5" />}
          </div>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
            {closed ? 'Payment not completed' : pending.sameTab ? 'Complete your payment' : 'Complete your payment in the new tab'}
          </h2>
          {!closed && (
            <CardDescription className="text-base">
              {pending.sameTab
                ? 'Your squares are held while you pay. Go back to the payment page to finish, or start again.'
                : 'The secure payment page opened in a new tab. Pay there and this page will follow along.'}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-semibold tabular-nums">{formatUsd(pending.amount_cents)}</dd>
            <dt className="text-muted-foreground">Squares</dt>
            <dd>
              {pending.cart.map((item) => (
                <div key={item.game_id} className="flex flex-col gap-1 pb-2 last:pb-0">
                  <span className="break-words">{item.game_title}</span>
                  <SquarePositions squares={item.squares} label={`Squares in ${item.game_title}`} />
                </div>
              ))}
            </dd>
            {!closed && (
              <>
                <dt className="text-muted-foreground">Held until</dt>
                <dd>{clockTime(pending.expires_at)}</dd>
              </>
            )}
          </dl>

          <div role="status" aria-live="polite" className="min-h-5 text-sm">
            {checking ? (
              <span className="flex items-center gap-2 text-muted-foreground">
                <Spinner className="size-4" label="Checking your payment..." />
                Checking your payment...
              </span>
            ) : (
              message && <span className={cn(closed || signedOut || isError ? 'text-destructive' : 'text-muted-foreground')}>{message}</span>
            )}
          </div>

          {signedOut ? (
            <LoginLink className="self-start">Login</LoginLink>
          ) : closed ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button onClick={onStartOver}>Try again</Button>
              <LinkButton variant="outline" to="/cart">
                Back to Cart
              </LinkButton>
            </div>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {/* Back from the payment page in this tab (D45): going back to it comes first. */}
              {pending.sameTab && <PaymentPageLink url={pending.url}>Open payment page</PaymentPageLink>}
              <Button variant={pending.sameTab ? 'outline' : 'default'} onClick={() => void checkNow()} disabled={checking}>
                <RefreshCw aria-hidden="true" />
                I've paid — check status
              </Button>
              {!pending.sameTab && (
                <PaymentPageLink url={pending.url} variant="outline">
                  Open payment page
                </PaymentPageLink>
              )}
              <Button variant="ghost" onClick={() => void startAgain()} disabled={cancelling} aria-disabled={cancelling}>
                {cancelling && <Spinner label="Cancelling..." />}
                {cancelling ? 'Cancelling...' : 'Start again'}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
