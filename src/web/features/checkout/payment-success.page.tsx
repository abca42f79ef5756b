import { successClosedText } from '@core/checkout-texts';
import { SUCCESS_TOASTS } from '@core/messages';
import { formatUsd } from '@core/money';
import { RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LinkButton, LoginLink } from '@/components/link-button';
import { LoadingState } from '@/components/page';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { type CheckoutView, forgetPendingCheckout, POLL_WINDOW_MS, useCheckoutStatus } from './checkout';
import { cartStore } from './cart';
import { useSession, useSessionActions } from '@/lib/session';
import { clockTime } from '@/lib/time';
import { Outcome, OutcomeLinks, Purchased, SuccessLinks } from './payment-outcome';

/** Toasted once per checkout, however often the page renders or remounts (StrictMode, two tabs' history). */
const celebrated = new Set<string>();

/**
 * Spec route /payment-success (public). With checkout_id (D21): "Confirming your payment..."
 * until the server has fulfilled the checkout, then Payment Successful! (cart cleared), or what
 * happened instead. Without it (an old link, or the address typed in): the spec's screen, but
 * the cart stays as it is (issue 11: a bare URL proves no payment, so it must not empty the cart).
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const gameId = params.get('game_id');
  const checkoutId = params.get('checkout_id');
  const session = useSession();

  if (!checkoutId) return <LegacySuccess gameId={gameId} />;
  if (session.status === 'loading') return <LoadingState />;
  if (session.status === 'signed-out') return <SignedOut />;
  return <ConfirmPayment checkoutId={checkoutId} gameId={gameId} />;
}

/** The spec's screen for a link without a checkout id: no confirming step, and the cart is left alone. */
function LegacySuccess({ gameId }: { gameId: string | null }) {
  return (
    <Outcome
      tone="success"
      title="Payment Successful!"
      description="Thank you for your purchase. Your squares appear on My Squares once the payment is confirmed."
    >
      <SuccessLinks gameId={gameId} />
    </Outcome>
  );
}

function SignedOut() {
  return (
    <Outcome
      tone="info"
      title="Log in to see your payment"
      description="This payment belongs to the account that made it. Log in to confirm it and see your squares."
    >
      <OutcomeLinks>
        <LoginLink />
      </OutcomeLinks>
    </Outcome>
  );
}

function ConfirmPayment({ checkoutId, gameId }: { checkoutId: string; gameId: string | null }) {
  const [since, setSince] = useState(() => Date.now());
  const status = useCheckoutStatus(checkoutId, { since });
  // useCheckoutStatus stops asking after POLL_WINDOW_MS; then the page offers "Check again".
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    setTimedOut(false);
    const timer = window.setTimeout(() => setTimedOut(true), POLL_WINDOW_MS);
    return () => window.clearTimeout(timer);
  }, [since]);
  const checkout = status.data;
  const { refresh } = useSessionActions();
  const signedOut = isApiError(status.error) && status.error.status === 401;
  const notFound = isApiError(status.error) && (status.error.status === 404 || status.error.status === 403);

  useEffect(() => {
    if (signedOut) void refresh();
  }, [signedOut, refresh]);

  // Fulfilled: the squares are the buyer's. Clear the cart (spec) and say so once.
  const fulfilled = checkout?.status === 'fulfilled';
  useEffect(() => {
    if (!fulfilled) return;
    cartStore.clear();
    // D45: a phone paid in this tab; /payment stops waiting for this checkout.
    forgetPendingCheckout(checkoutId);
    if (!celebrated.has(checkoutId)) {
      celebrated.add(checkoutId);
      toast.success(SUCCESS_TOASTS.paymentSuccessful);
    }
  }, [fulfilled, checkoutId]);

  if (signedOut) {
    return (
      <Outcome tone="info" title="Log in to see your payment" description="Your session ended. Log in again to confirm this payment and see your squares.">
        <LoginLink className="self-start" />
      </Outcome>
    );
  }

  if (notFound) {
    return (
      <Outcome
        tone="error"
        title="Payment not found"
        description="We could not find this payment for your account. If you paid with another account, log in with that one."
      >
        <SuccessLinks gameId={null} showGame={false} />
      </Outcome>
    );
  }

  if (!checkout) {
    if (status.isError) {
      return (
        <Outcome
          tone="error"
          title="We could not check your payment"
          description="Something went wrong while checking your payment. Nothing is lost: try again in a moment."
        >
          <Button className="self-start" onClick={() => void status.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </Outcome>
      );
    }
    return <Confirming />;
  }

  switch (checkout.status) {
    case 'open': {
      if (!timedOut || status.isFetching) return <Confirming checkout={checkout} />;
      return (
        <Outcome
          tone="pending"
          title="Still waiting for your payment"
          description={`We have not heard from the payment provider yet. If you completed the payment it will be confirmed shortly; your squares stay held until ${clockTime(checkout.expires_at)}.`}
        >
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              onClick={() => {
                setSince(Date.now());
                void status.refetch();
              }}
            >
              <RotateCcw aria-hidden="true" />
              Check again
            </Button>
            <LinkButton variant="outline" to="/cart">
              Back to Cart
            </LinkButton>
          </div>
        </Outcome>
      );
    }
    case 'fulfilled':
      return (
        <Outcome tone="success" title="Payment Successful!" description={`${formatUsd(checkout.amount_cents)} paid. Your squares have been claimed.`}>
          <Purchased checkout={checkout} />
          <SuccessLinks gameId={gameId} />
        </Outcome>
      );
    case 'refunded':
      return (
        <Outcome
          tone="error"
          title="Payment refunded"
          description={`We received your payment of ${formatUsd(checkout.amount_cents)}, but not every square could be claimed, so none were and the whole payment was refunded.`}
        >
          {checkout.refund_reason && (
            <p className="rounded-md border bg-muted/50 p-3 text-sm">
              <span className="font-medium">Reason:</span> {checkout.refund_reason}
            </p>
          )}
          <p className="text-sm text-muted-foreground">The refund goes back to the card you paid with; banks usually show it within 5-10 days.</p>
          <OutcomeLinks>
            <LinkButton to="/my-squares">View My Squares</LinkButton>
          </OutcomeLinks>
        </Outcome>
      );
    default:
      return (
        <Outcome tone="error" title="Payment not completed" description={successClosedText(checkout.status)}>
          <OutcomeLinks>
            <LinkButton to="/cart">Back to Cart</LinkButton>
          </OutcomeLinks>
        </Outcome>
      );
  }
}

function Confirming({ checkout }: { checkout?: CheckoutView }) {
  return (
    <Outcome tone="pending" title="Confirming your payment..." busy description="This usually takes a few seconds. You can keep this page open.">
      {checkout && <Purchased checkout={checkout} />}
    </Outcome>
  );
}
