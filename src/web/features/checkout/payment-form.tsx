/** The form on /payment: the order at live prices, the payment method, notes and "Pay $X". */
import type { Cart } from '@core/cart';
import { CART_TEXTS, checkCart, heldForBuyer, isFlagged, type ItemCheck, livePriceCents, unavailableRemovals } from '@core/cart-check';
import { validateForPayment } from '@core/cart';
import { squarePositionLabel } from '@core/grid';
import { CART_PAYMENT_ERRORS, SUCCESS_TOASTS } from '@core/messages';
import { formatUsd } from '@core/money';
import { CircleAlert, CreditCard, LockKeyhole, Wallet } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { HowToPay } from './how-to-pay';
import { OpenCheckoutNotice } from './open-checkout';
import { Page } from '@/components/page';
import { BackToCart, FailureNotice, type Method, MethodOption, OrderSummary, type PricedItem } from './payment-parts';
import { PaymentNotes } from './payment-notes';
import type { FromState } from '@/features/auth/route-guards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { useBoards } from '@/features/board/board-data';
import { cartStore } from './cart';
import { useDropLinesThatNoLongerSell } from './cart-prune';
import { type CheckoutFailure, type UnavailableSquare, useOpenCheckouts } from './checkout';
import { usePaysInSameTab } from '@/lib/use-mobile';
import { countOf } from '@core/text';

/**
 * The cart at the games' live prices and titles, read from their boards as the cart page does (the
 * cart's own price is only what the board said when a square was added). `checking` until every
 * board has answered once; a board that cannot be read keeps the cart's price (the server prices
 * the order in any case).
 */
function useLivePricing(cart: Cart): { items: PricedItem[]; checks: readonly ItemCheck[]; totalCents: number; squareCount: number; checking: boolean } {
  const boards = useBoards(cart.map((item) => item.game_id));
  const answers = boards.map((query) => ({ board: query.data, missing: isApiError(query.error) && query.error.status === 404, checking: query.isPending }));
  // Lines of games that no longer sell leave the cart with a word; what is left is checked line by line.
  useDropLinesThatNoLongerSell(cart, answers);
  const { checks } = checkCart(cart, answers, new Date());
  const items = cart.map((item, index) => {
    const board = boards[index]?.data;
    const check = checks[index];
    return {
      item,
      title: board?.game.title ?? item.game_title,
      priceCents: livePriceCents(item, board),
      pending: heldForBuyer(board),
      organizer:
        board?.game.payment_method === 'organizer'
          ? { instructions: board.game.payment_instructions, payBy: board.game.pay_by, zone: board.game.time_zone }
          : null,
      problem: check && isFlagged(check) ? (check.gameProblem ?? unpayableSquaresText(check.squareProblems)) : null,
    };
  });
  return {
    items,
    checks,
    totalCents: items.reduce((sum, priced) => sum + priced.priceCents * priced.item.squares.length, 0),
    squareCount: cart.reduce((sum, item) => sum + item.squares.length, 0),
    checking: boards.some((query) => query.isPending),
  };
}

/** Each square that cannot be paid, where it is and why: "Row 5, column 5: This square is already claimed by ann." */
function unpayableSquaresText(problems: ReadonlyMap<string, string>): string {
  return [...problems]
    .map(([key, message]) => {
      const [x, y] = key.split(',').map(Number) as [number, number];
      return `${squarePositionLabel({ x, y })}: ${message}`;
    })
    .join(' ');
}

export function PaymentForm({
  cart,
  opening,
  onPay,
  onReserve,
}: {
  cart: Cart;
  opening: boolean;
  onPay: (cart: Cart, notes: string | undefined) => Promise<CheckoutFailure | null>;
  /** D28: a cart of organizer-collects games only is reserved, with no payment page. */
  onReserve: (cart: Cart, notes: string | undefined) => Promise<CheckoutFailure | null>;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const methodErrorId = useId();
  const [method, setMethod] = useState<Method | null>('card');
  const [methodError, setMethodError] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { items, checks, squareCount, totalCents, checking } = useLivePricing(cart);
  const open = useOpenCheckouts();
  const sameTab = usePaysInSameTab();
  // D28: squares of organizer-collects games are reserved at once and paid to the organizer.
  const organizerItems = items.filter((priced) => priced.organizer !== null);
  const reserveOnly = items.length > 0 && organizerItems.length === items.length;
  const organizerCents = organizerItems.reduce((sum, priced) => sum + priced.priceCents * priced.item.squares.length, 0);
  const cardCents = totalCents - organizerCents;
  const busyLabel = reserveOnly ? 'Reserving...' : 'Opening payment page...';
  const payLabel = reserveOnly ? `Reserve ${countOf(squareCount, 'square')}` : `Pay ${formatUsd(cardCents)}`;

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
    if (opening || checking) return;
    setFailure(null);
    setMethodError(null);
    if (reserveOnly) {
      const checkedCart = validateForPayment(cart);
      if (!checkedCart.ok) {
        fail({ kind: 'error', message: checkedCart.message });
        return;
      }
      const refused = await onReserve(checkedCart.value, notes.trim() || undefined);
      if (refused) fail(refused);
      return;
    }
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
    const failed = await onPay(checked.value, notes.trim() || undefined);
    if (failed) fail(failed);
  }

  /** A line's squares that cannot be paid (the whole line when its game is the problem), out of the cart. */
  function removeUnpayable(gameId: string) {
    const check = checks.find((candidate) => candidate.item.game_id === gameId);
    if (!check) return;
    const { games, squares } = unavailableRemovals([check]);
    for (const id of games) cartStore.removeGame(id);
    for (const { game_id, x, y } of squares) cartStore.remove(game_id, { x, y });
    setFailure(null);
    toast.success(CART_TEXTS.unavailableRemoved);
  }

  function removeUnavailable(squares: readonly UnavailableSquare[]) {
    for (const square of squares) cartStore.remove(square.game_id, square);
    setFailure(null);
    toast.success(squares.length === 1 ? SUCCESS_TOASTS.squareRemoved : 'Squares removed from cart');
  }

  return (
    <Page
      title="Payment"
      description={
        reserveOnly
          ? 'Check your order, then reserve your squares. You pay the organizer directly.'
          : `Check your order, then pay by card on a secure payment page${sameTab ? '' : ' that opens in a new tab'}.`
      }
      before={<BackToCart />}
    >
      <OpenCheckoutNotice checkouts={open.data ?? []} hint="Paying below starts a new payment instead and cancels that one." />
      <form noValidate onSubmit={onSubmit} aria-label="Payment" className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <OrderSummary items={items} onRemoveUnpayable={removeUnpayable} />

          {organizerItems.map((priced) => (
            <HowToPay
              key={priced.item.game_id}
              title={priced.title}
              instructions={priced.organizer!.instructions}
              payBy={priced.organizer!.payBy}
              zone={priced.organizer!.zone}
            />
          ))}

          <Card hidden={reserveOnly}>
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

          <PaymentNotes value={notes} onChange={setNotes} />
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
              {organizerCents > 0 && !reserveOnly && (
                <>
                  <div className="flex justify-between gap-4">
                    <dt className="text-muted-foreground">By card now</dt>
                    <dd className="tabular-nums">{formatUsd(cardCents)}</dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt className="text-muted-foreground">To the organizer</dt>
                    <dd className="tabular-nums">{formatUsd(organizerCents)}</dd>
                  </div>
                </>
              )}
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

            <Button type="submit" size="lg" className="w-full" disabled={opening || checking} aria-disabled={opening || checking}>
              {opening ? <Spinner label={busyLabel} /> : checking ? <Spinner label="Checking prices..." /> : <LockKeyhole aria-hidden="true" />}
              {opening ? busyLabel : checking ? 'Checking prices...' : payLabel}
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              {reserveOnly
                ? 'Your squares are yours at once; the organizer marks them paid.'
                : organizerCents > 0
                  ? 'Squares paid to the organizer are reserved at once; the card squares are held while you pay (30 minutes).'
                  : 'Your squares are held for you while you pay (30 minutes).'}
            </p>
          </CardContent>
        </Card>
      </form>
    </Page>
  );
}
