import { successClosedText } from '@core/checkout-texts';
import { SUCCESS_TOASTS } from '@core/messages';
import { formatUsd } from '@core/money';
import { CircleAlert, CircleCheck, Clock, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadingState, usePageTitle } from '@/components/page';
import { SquarePositions } from '@/components/square-positions';
import type { FromState } from '@/components/route-guards';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { type CheckoutView, POLL_WINDOW_MS, useCheckoutStatus } from '@/lib/checkout';
import { cartStore } from '@/lib/cart';
import { useSession, useSessionActions } from '@/lib/session';
import { clockTime } from '@/lib/time';
import { cn } from '@/lib/utils';

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
  const location = useLocation();
  return (
    <Outcome
      tone="info"
      title="Log in to see your payment"
      description="This payment belongs to the account that made it. Log in to confirm it and see your squares."
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to="/login" state={{ from: location } satisfies FromState}>
            Log In
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/all-games">Browse More Games</Link>
        </Button>
      </div>
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
  const location = useLocation();
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
    if (!celebrated.has(checkoutId)) {
      celebrated.add(checkoutId);
      toast.success(SUCCESS_TOASTS.paymentSuccessful);
    }
  }, [fulfilled, checkoutId]);

  if (signedOut) {
    return (
      <Outcome tone="info" title="Log in to see your payment" description="Your session ended. Log in again to confirm this payment and see your squares.">
        <Button asChild className="self-start">
          <Link to="/login" state={{ from: location } satisfies FromState}>
            Log In
          </Link>
        </Button>
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
            <Button asChild variant="outline">
              <Link to="/cart">Back to Cart</Link>
            </Button>
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
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to="/my-squares">View My Squares</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/all-games">Browse More Games</Link>
            </Button>
          </div>
        </Outcome>
      );
    default:
      return (
        <Outcome tone="error" title="Payment not completed" description={successClosedText(checkout.status)}>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to="/cart">Back to Cart</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/all-games">Browse More Games</Link>
            </Button>
          </div>
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

/** The checkout's squares by game, by their positions counted from 1 (D14). */
function Purchased({ checkout }: { checkout: CheckoutView }) {
  const games = new Map<string, { title: string; squares: { x: number; y: number }[] }>();
  for (const square of checkout.squares) {
    const game = games.get(square.game_id) ?? { title: square.game_title, squares: [] };
    game.squares.push(square);
    games.set(square.game_id, game);
  }
  if (games.size === 0) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Squares in this payment">
      {[...games].map(([id, game]) => (
        <li key={id} className="flex flex-col gap-1.5">
          <span className="text-sm font-medium break-words">{game.title}</span>
          <SquarePositions squares={game.squares} label={`Squares in ${game.title}`} />
        </li>
      ))}
    </ul>
  );
}

/** Spec: View My Squares, Back to Game (only for one game), Browse More Games. */
function SuccessLinks({ gameId, showGame = true }: { gameId: string | null; showGame?: boolean }) {
  const oneGame = showGame && gameId && gameId !== 'multiple';
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <Button asChild>
        <Link to="/my-squares">View My Squares</Link>
      </Button>
      {oneGame && (
        <Button asChild variant="outline">
          <Link to={`/game/${encodeURIComponent(gameId)}`}>Back to Game</Link>
        </Button>
      )}
      <Button asChild variant="outline">
        <Link to="/all-games">Browse More Games</Link>
      </Button>
    </div>
  );
}

const tones = {
  success: { icon: <CircleCheck />, className: 'bg-success/15 text-success' },
  pending: { icon: <Clock />, className: 'bg-muted text-muted-foreground' },
  error: { icon: <CircleAlert />, className: 'bg-destructive/10 text-destructive' },
  info: { icon: <CircleAlert />, className: 'bg-primary/10 text-primary' },
} as const;

/**
 * The page's one card: icon, h1, description and actions. The heading area is a polite live
 * region, so "Confirming your payment..." turning into "Payment Successful!" is announced.
 */
function Outcome({
  tone,
  title,
  description,
  busy = false,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  description?: ReactNode;
  busy?: boolean;
  children?: ReactNode;
}) {
  usePageTitle(title.replace(/[.!]+$/, ''));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // When the outcome changes while the page is open, move focus to the new heading.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [title]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col px-4 py-8 md:py-12">
      <Card data-testid="payment-outcome" data-tone={tone}>
        <CardHeader className="items-center gap-3 text-center">
          <div aria-live="polite" aria-busy={busy} className="flex flex-col items-center gap-3">
            <div aria-hidden="true" className={cn('flex size-14 items-center justify-center rounded-full [&_svg]:size-7', tones[tone].className)}>
              {busy ? <Spinner className="size-7" role="presentation" /> : tones[tone].icon}
            </div>
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
              {title}
            </h1>
            {description && <CardDescription className="text-base">{description}</CardDescription>}
          </div>
        </CardHeader>
        {children && <CardContent className="flex flex-col gap-5">{children}</CardContent>}
      </Card>
    </div>
  );
}
