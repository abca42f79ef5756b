import { type Cart, type CartItem, checkoutGameId, serializeCart, validateForPayment } from '@core/cart';
import { squareKey } from '@core/grid';
import { CART_PAYMENT_ERRORS, SUCCESS_TOASTS } from '@core/messages';
import { dollarsToCents, formatUsd } from '@core/money';
import { ArrowLeft, CircleAlert, CreditCard, ExternalLink, LockKeyhole, RefreshCw, Wallet } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { OpenCheckoutNotice, useCancelOwnCheckout } from '@/components/open-checkout';
import { Page } from '@/components/page';
import { SquarePositions } from '@/components/square-positions';
import type { FromState } from '@/components/route-guards';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api';
import { useBoards } from '@/lib/board';
import {
  type CheckoutFailure,
  checkoutFailure,
  checkoutPageUrl,
  createCheckout,
  PENDING_CHECKOUT_KEY,
  paymentSuccessPath,
  type UnavailableSquare,
  unavailableSquareLabel,
  useCheckoutStatus,
  useOpenCheckouts,
} from '@/lib/checkout';
import { cartStore, useCart } from '@/lib/cart';
import { cn } from '@/lib/utils';

/** Notes typed on /payment are stored with the order (D21); the server takes at most this many. */
export const NOTES_MAX_LENGTH = 500;

type Method = 'card' | 'paypal';

/** A checkout whose payment page is open in another tab. Kept per tab so a reload keeps the panel. */
interface PendingCheckout {
  checkout_id: string;
  url: string;
  amount_cents: number;
  game_id: string;
  expires_at: string;
  /** What was bought, as the cart said when Pay was clicked. */
  cart: Cart;
  startedAt: number;
}

const PENDING_KEY = PENDING_CHECKOUT_KEY;

function readPending(): PendingCheckout | null {
  try {
    const text = window.sessionStorage.getItem(PENDING_KEY);
    const value = text ? (JSON.parse(text) as PendingCheckout) : null;
    if (!value || typeof value.checkout_id !== 'string' || typeof value.url !== 'string') return null;
    // A checkout's page stops taking payment at expires_at; after that the panel has nothing to wait for.
    return Date.parse(value.expires_at) > Date.now() ? value : null;
  } catch {
    return null;
  }
}

function writePending(value: PendingCheckout | null): void {
  try {
    if (value) window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Only a convenience for reloads.
  }
}

/** A cart entry as the live board prices it (issue 11 item 7: the same prices the cart shows, D4). */
interface PricedItem {
  readonly item: CartItem;
  readonly title: string;
  readonly priceCents: number;
  /** Squares of the buyer's own open checkout (D21), by square key. */
  readonly pending: ReadonlySet<string>;
}

/**
 * The cart at the games' live prices and titles, read from their boards as the cart page does (the
 * cart's own price is only what the board said when a square was added). `checking` until every
 * board has answered once; a board that cannot be read keeps the cart's price (the server prices
 * the order in any case).
 */
function useLivePricing(cart: Cart): { items: PricedItem[]; totalCents: number; squareCount: number; checking: boolean } {
  const boards = useBoards(cart.map((item) => item.game_id));
  const items = cart.map((item, index) => {
    const board = boards[index]?.data;
    const pending = new Set<string>();
    for (const square of board?.squares ?? []) if (square.status === 'held' && square.mine) pending.add(squareKey(square));
    return {
      item,
      title: board?.game.title ?? item.game_title,
      priceCents: board ? board.game.price_per_square_cents : dollarsToCents(item.price_per_square),
      pending,
    };
  });
  return {
    items,
    totalCents: items.reduce((sum, priced) => sum + priced.priceCents * priced.item.squares.length, 0),
    squareCount: cart.reduce((sum, item) => sum + item.squares.length, 0),
    checking: boards.some((query) => query.isPending),
  };
}

/** "7:32 PM" in the buyer's own clock. */
function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}

/** Spec route /payment (signed-in): order summary, method, notes, Back to Cart, "Pay $X". */
export default function PaymentPage() {
  const cart = useCart();
  // A checkout still waiting in this tab (e.g. after a reload) stays on screen while the cart is
  // what it was bought from, or empty because the payment tab already cleared it.
  const [pending, setPendingState] = useState<PendingCheckout | null>(() => {
    const saved = readPending();
    return saved && (cart.length === 0 || serializeCart(cart) === serializeCart(saved.cart)) ? saved : null;
  });

  const setPending = (value: PendingCheckout | null) => {
    writePending(value);
    setPendingState(value);
  };

  if (pending) return <WaitingForPayment pending={pending} onStartOver={() => setPending(null)} />;
  // Spec: an empty cart redirects to /cart.
  if (cart.length === 0) return <Navigate to="/cart" replace />;
  return <PaymentForm cart={cart} onOpened={setPending} />;
}

function PaymentForm({ cart, onOpened }: { cart: Cart; onOpened: (pending: PendingCheckout) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const notesId = useId();
  const notesCountId = useId();
  const methodErrorId = useId();
  const [method, setMethod] = useState<Method | null>('card');
  const [methodError, setMethodError] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { items, squareCount, totalCents, checking } = useLivePricing(cart);
  const open = useOpenCheckouts();
  const payLabel = `Pay ${formatUsd(totalCents)}`;

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  function fail(next: CheckoutFailure) {
    setFailure(next);
    if (next.kind === 'login') {
      toast.error(next.message, {
        action: { label: 'Login', onClick: () => navigate('/login', { state: { from: location } satisfies FromState }) },
      });
    } else if (next.kind === 'error') {
      toast.error(next.message);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || checking) return;
    setFailure(null);
    setMethodError(null);
    if (!method) {
      setMethodError(CART_PAYMENT_ERRORS.noMethodSelected);
      toast.error(CART_PAYMENT_ERRORS.noMethodSelected);
      return;
    }
    if (method !== 'card') {
      setMethodError(CART_PAYMENT_ERRORS.methodNotAvailable);
      toast.error(CART_PAYMENT_ERRORS.paypalNotImplemented);
      return;
    }
    const checked = validateForPayment(cart);
    if (!checked.ok) {
      fail({ kind: 'error', message: checked.message });
      return;
    }

    // Opened now, inside the click, so pop-up blockers allow it; it is sent to the payment
    // page once the server has answered, or closed if it fails.
    const tab = window.open('', '_blank');
    if (!tab) {
      fail({ kind: 'error', message: CART_PAYMENT_ERRORS.popupBlocked });
      return;
    }
    try {
      // The payment page gets no handle on this tab (no reverse tabnabbing).
      tab.opener = null;
      tab.document.title = 'Opening payment page...';
      const note = tab.document.createElement('p');
      note.textContent = 'Opening the secure payment page...';
      note.style.font = '16px system-ui, sans-serif';
      note.style.margin = '2rem';
      tab.document.body.append(note);
    } catch {
      // Writing the placeholder is a nicety only.
    }

    setSubmitting(true);
    try {
      const created = await createCheckout({ cart: checked.value, notes: notes.trim() || undefined });
      const url = checkoutPageUrl(created?.url, window.location.origin);
      if (!url) {
        tab.close();
        fail({ kind: 'error', message: CART_PAYMENT_ERRORS.noCheckoutUrl });
        return;
      }
      tab.location.href = url;
      toast.success(SUCCESS_TOASTS.paymentPageOpened);
      onOpened({
        checkout_id: created.checkout_id,
        url,
        amount_cents: created.amount_cents,
        game_id: created.game_id ?? checkoutGameId(checked.value) ?? 'multiple',
        expires_at: created.expires_at,
        cart: checked.value,
        startedAt: Date.now(),
      });
    } catch (error) {
      tab.close();
      fail(checkoutFailure(error));
    } finally {
      setSubmitting(false);
    }
  }

  function removeUnavailable(squares: readonly UnavailableSquare[]) {
    for (const square of squares) cartStore.remove(square.game_id, square);
    setFailure(null);
    toast.success(squares.length === 1 ? SUCCESS_TOASTS.squareRemoved : 'Squares removed from cart');
  }

  return (
    <Page title="Payment" description="Check your order, then pay by card on a secure payment page that opens in a new tab." before={<BackToCart />}>
      <OpenCheckoutNotice checkouts={open.data ?? []} hint="Paying below starts a new payment instead and cancels that one." />
      <form noValidate onSubmit={onSubmit} aria-label="Payment" className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <OrderSummary items={items} />

          <Card>
            <CardHeader>
              <CardTitle as="h2">Payment Method</CardTitle>
            </CardHeader>
            <CardContent>
              <fieldset aria-describedby={methodError ? methodErrorId : undefined} className="flex flex-col gap-3">
                <legend className="sr-only">Payment method</legend>
                <MethodOption
                  value="card"
                  checked={method === 'card'}
                  onChange={setMethod}
                  icon={<CreditCard />}
                  label="Credit/Debit Card"
                  hint="Pay on a secure card payment page"
                />
                <MethodOption
                  value="paypal"
                  checked={method === 'paypal'}
                  onChange={setMethod}
                  disabled
                  icon={<Wallet />}
                  label="PayPal"
                  badge={<Badge variant="secondary">Coming Soon</Badge>}
                />
              </fieldset>
              {methodError && (
                <p id={methodErrorId} role="alert" className="mt-3 flex items-center gap-2 text-sm text-destructive">
                  <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
                  {methodError}
                </p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">
                <Label htmlFor={notesId} className="text-base font-semibold">
                  Notes <span className="font-normal text-muted-foreground">(optional)</span>
                </Label>
              </CardTitle>
              <CardDescription>Anything the organizer should know about this order.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-1.5">
              <Textarea
                id={notesId}
                name="notes"
                value={notes}
                maxLength={NOTES_MAX_LENGTH}
                rows={3}
                aria-describedby={notesCountId}
                onChange={(event) => setNotes(event.target.value.slice(0, NOTES_MAX_LENGTH))}
              />
              <p id={notesCountId} className="self-end text-xs text-muted-foreground tabular-nums">
                {notes.length}/{NOTES_MAX_LENGTH} characters
              </p>
            </CardContent>
          </Card>
        </div>

        <Card className="gap-4 lg:sticky lg:top-20">
          <CardHeader>
            <CardTitle as="h2">Total</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Squares</dt>
                <dd className="tabular-nums">{squareCount}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="payment-total">
                  {formatUsd(totalCents)}
                </dd>
              </div>
            </dl>

            {failure && (
              <div ref={failureRef} tabIndex={-1} className="focus:outline-none">
                <FailureNotice failure={failure} cart={cart} onRemove={removeUnavailable} />
              </div>
            )}

            <Button type="submit" size="lg" className="w-full" disabled={submitting || checking} aria-disabled={submitting || checking}>
              {submitting ? (
                <Spinner label="Opening payment page..." />
              ) : checking ? (
                <Spinner label="Checking prices..." />
              ) : (
                <LockKeyhole aria-hidden="true" />
              )}
              {submitting ? 'Opening payment page...' : checking ? 'Checking prices...' : payLabel}
            </Button>
            <p className="text-center text-xs text-muted-foreground">Your squares are held for you while you pay (30 minutes).</p>
          </CardContent>
        </Card>
      </form>
    </Page>
  );
}

function BackToCart() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
      <Link to="/cart">
        <ArrowLeft aria-hidden="true" />
        Back to Cart
      </Link>
    </Button>
  );
}

function MethodOption({
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
function OrderSummary({ items }: { items: readonly PricedItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Order Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y" aria-label="Games in your order">
          {items.map(({ item, title, priceCents, pending }) => {
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
                  {count} {count === 1 ? 'square' : 'squares'} × {formatUsd(priceCents)}
                </p>
                <SquarePositions squares={item.squares} label={`Squares in ${title}`} pending={pending} />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

function FailureNotice({ failure, cart, onRemove }: { failure: CheckoutFailure; cart: Cart; onRemove: (squares: readonly UnavailableSquare[]) => void }) {
  const location = useLocation();
  if (failure.kind === 'login') {
    return (
      <Alert variant="destructive" data-testid="payment-error">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>{failure.message}</AlertTitle>
        <AlertDescription>
          <Button asChild size="sm" variant="outline" className="mt-1 text-foreground">
            <Link to="/login" state={{ from: location } satisfies FromState}>
              Login
            </Link>
          </Button>
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

/**
 * After the payment page opened in a new tab: what is being paid, a link back to that page,
 * and the checkout's status, checked in the background and on "I've paid — check status".
 */
function WaitingForPayment({ pending, onStartOver }: { pending: PendingCheckout; onStartOver: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const cart = useCart();
  const [asked, setAsked] = useState(false);
  const status = useCheckoutStatus(pending.checkout_id, { since: pending.startedAt });
  const checkout = status.data;
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

  // Paid (or paid and refunded): the success page says which, clears the cart and links onward.
  useEffect(() => {
    if (checkout?.status === 'fulfilled' || checkout?.status === 'refunded') {
      sessionStorage.removeItem(PENDING_KEY);
      navigate(paymentSuccessPath(pending.game_id, pending.checkout_id), { replace: true });
    }
  }, [checkout?.status, navigate, pending.checkout_id, pending.game_id]);

  // The other tab emptied the cart (its success page did): ask now rather than at the next tick.
  const cartEmptied = cart.length === 0;
  const { refetch } = status;
  useEffect(() => {
    if (cartEmptied) void refetch();
  }, [cartEmptied, refetch]);

  const closed = checkout && ['expired', 'cancelled', 'declined'].includes(checkout.status);
  const signedOut = isApiError(status.error) && status.error.status === 401;

  async function checkNow() {
    setAsked(true);
    await status.refetch();
  }

  let message: string | null = null;
  if (signedOut) message = CART_PAYMENT_ERRORS.loginRequired;
  else if (closed) {
    message =
      checkout.status === 'declined'
        ? 'Your card was declined, so no money was taken. Your squares were released.'
        : checkout.status === 'expired'
          ? 'The payment page expired before a payment was made. No money was taken and your squares were released.'
          : 'The payment was cancelled. No money was taken and your squares were released.';
  } else if (status.isError) message = 'We could not check your payment just now. Please try again.';
  else if (asked && !status.isFetching && checkout?.status === 'open') {
    message = "We haven't received your payment yet. If you just paid, it can take a few seconds.";
  }

  return (
    <Page title="Payment" before={<BackToCart />} width="narrow">
      <Card data-testid="payment-waiting">
        <CardHeader>
          <div aria-hidden="true" className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <ExternalLink className="size-5" />
          </div>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
            {closed ? 'Payment not completed' : 'Complete your payment in the new tab'}
          </h2>
          {!closed && (
            <CardDescription className="text-base">The secure payment page opened in a new tab. Pay there and this page will follow along.</CardDescription>
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
                <dd>{timeOf(pending.expires_at)}</dd>
              </>
            )}
          </dl>

          <div role="status" aria-live="polite" className="min-h-5 text-sm">
            {status.isFetching && asked ? (
              <span className="flex items-center gap-2 text-muted-foreground">
                <Spinner className="size-4" label="Checking your payment..." />
                Checking your payment...
              </span>
            ) : (
              message && <span className={cn(closed || signedOut || status.isError ? 'text-destructive' : 'text-muted-foreground')}>{message}</span>
            )}
          </div>

          {signedOut ? (
            <Button asChild className="self-start">
              <Link to="/login" state={{ from: location } satisfies FromState}>
                Login
              </Link>
            </Button>
          ) : closed ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button onClick={onStartOver}>Try again</Button>
              <Button asChild variant="outline">
                <Link to="/cart">Back to Cart</Link>
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <Button onClick={() => void checkNow()} disabled={status.isFetching && asked}>
                <RefreshCw aria-hidden="true" />
                I've paid — check status
              </Button>
              <Button asChild variant="outline">
                <a href={pending.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  Open payment page
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
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
