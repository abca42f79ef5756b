import type { BoardResponse } from '@core/board-view';
import { type CartItem, cartTotals, validateForPayment } from '@core/cart';
import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { SQUARE_BEING_PURCHASED, SUCCESS_TOASTS, squareAlreadyClaimedMessage } from '@core/messages';
import { dollarsToCents, formatUsd } from '@core/money';
import { ArrowRight, CircleAlert, Clock, ShoppingCart, Trash2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { salesClosedMessage, salesOpen } from '@/components/board';
import { OPEN_CHECKOUT_TEXTS, OpenCheckoutNotice, useCancelOwnCheckout } from '@/components/open-checkout';
import { EmptyState, Page } from '@/components/page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { useBoards } from '@/lib/board';
import { cartStore, useCart } from '@/lib/cart';
import { useOpenCheckouts } from '@/lib/checkout';
import { focusPageHeading } from '@/lib/focus';
import { gameBoardPath } from '@/lib/game-cards';
import { cn } from '@/lib/utils';

/** Our texts for what the spec leaves open. */
export const CART_TEXTS = {
  gameMissing: 'This game no longer exists. Remove it from your cart.',
  alreadyYours: 'You already own this square.',
  unavailableTitle: 'Some squares can no longer be bought',
  unavailableHelp: 'Remove them from your cart to continue to payment.',
  removeUnavailable: 'Remove unavailable squares',
  unavailableRemoved: 'Unavailable squares removed from cart',
  checking: 'Checking availability...',
  clearTitle: 'Clear your cart?',
  clearDescription: 'This removes every square from your cart. Squares you are paying for stay held for you.',
  clearConfirm: 'Clear Cart',
} as const;

/** What the live board says about a cart entry. */
interface ItemCheck {
  readonly item: CartItem;
  readonly board: BoardResponse | undefined;
  readonly checking: boolean;
  /** Why the whole game cannot be bought (gone, or sales closed). */
  readonly gameProblem: string | null;
  /** Squares someone else holds or owns (or the buyer already owns), by square key. */
  readonly squareProblems: ReadonlyMap<string, string>;
  /** Squares in the buyer's own open checkout (D21): theirs, waiting for their payment; never a problem. */
  readonly pending: ReadonlySet<string>;
  /** Live price in cents, else the cart's own (display only, D4). */
  readonly priceCents: number;
}

function checkItem(item: CartItem, board: BoardResponse | undefined, error: unknown, checking: boolean): ItemCheck {
  const squareProblems = new Map<string, string>();
  const pending = new Set<string>();
  let gameProblem: string | null = null;
  if (isApiError(error) && error.status === 404) gameProblem = CART_TEXTS.gameMissing;
  else if (board && !salesOpen(board.game)) gameProblem = salesClosedMessage(board.game);
  if (board && !gameProblem) {
    const wanted = new Set(item.squares.map(squareKey));
    for (const square of board.squares) {
      const key = squareKey(square);
      if (!wanted.has(key)) continue;
      if (square.status === 'claimed') {
        squareProblems.set(key, square.mine ? CART_TEXTS.alreadyYours : squareAlreadyClaimedMessage(square.owner_username));
      } else if (square.mine) {
        // D21: the buyer's own open checkout holds it. Paying again starts a new checkout that replaces it.
        pending.add(key);
      } else {
        squareProblems.set(key, SQUARE_BEING_PURCHASED);
      }
    }
  }
  return {
    item,
    board,
    checking,
    gameProblem,
    squareProblems,
    pending,
    priceCents: board ? board.game.price_per_square_cents : dollarsToCents(item.price_per_square),
  };
}

/** Moves focus somewhere sensible after the focused control disappears. */
function refocus(target: HTMLElement | null | undefined | (() => HTMLElement | null)): void {
  requestAnimationFrame(() => {
    const element = typeof target === 'function' ? target() : target;
    if (element?.isConnected) element.focus();
    else focusPageHeading();
  });
}

/** Squares already handled on this page: StrictMode and a remount must not cancel or toast twice. */
const handledCancelLinks = new Set<string>();

/**
 * D21: the provider's cancel link comes back here as /cart?cancelled=<checkout id>: that checkout
 * is cancelled (the server asks the provider first) and its squares go back into the cart.
 */
function useCancelLink() {
  const [params, setParams] = useSearchParams();
  const { cancel } = useCancelOwnCheckout();
  const checkoutId = params.get('cancelled');
  useEffect(() => {
    if (!checkoutId) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('cancelled');
        return next;
      },
      { replace: true },
    );
    if (handledCancelLinks.has(checkoutId)) return;
    handledCancelLinks.add(checkoutId);
    void cancel(checkoutId, { quietIfMissing: true });
  }, [checkoutId, cancel, setParams]);
}

/** Spec route "/cart" (signed in): the cart grouped by game, checked against the live boards. */
export default function CartPage() {
  const cart = useCart();
  useCancelLink();
  const open = useOpenCheckouts();
  const openCheckouts = open.data ?? [];
  const boards = useBoards(cart.map((item) => item.game_id));
  const checks = cart.map((item, index) => {
    const query = boards[index];
    return checkItem(item, query?.data, query?.error, Boolean(query?.isPending));
  });

  if (cart.length === 0) {
    return (
      <Page title="Your Cart" width="default">
        <OpenCheckoutNotice checkouts={openCheckouts} />
        <EmptyState
          icon={ShoppingCart}
          title="Your cart is empty"
          description="Pick open squares on a game's board and they will wait for you here."
          testId="cart-empty"
          actions={
            <Button asChild>
              <Link to="/all-games">Browse Games</Link>
            </Button>
          }
        />
      </Page>
    );
  }

  const { squareCount } = cartTotals(cart);
  const totalCents = checks.reduce((sum, check) => sum + check.priceCents * check.item.squares.length, 0);
  const flagged = checks.filter((check) => check.gameProblem !== null || check.squareProblems.size > 0);
  const checking = checks.some((check) => check.checking);
  const valid = validateForPayment(cart);
  const canPay = flagged.length === 0 && !checking && valid.ok;
  const firstGame = cart[0]?.game_id;

  const removeUnavailable = () => {
    for (const check of flagged) {
      if (check.gameProblem) cartStore.removeGame(check.item.game_id);
      else
        for (const key of check.squareProblems.keys()) {
          const [x, y] = key.split(',').map(Number) as [number, number];
          cartStore.remove(check.item.game_id, { x, y });
        }
    }
    toast.success(CART_TEXTS.unavailableRemoved);
    refocus(() => document.querySelector<HTMLElement>('[data-testid="proceed-to-payment"]'));
  };

  return (
    <Page
      title="Your Cart"
      description={`${squareCount} ${squareCount === 1 ? 'square' : 'squares'} in ${cart.length} ${cart.length === 1 ? 'game' : 'games'}`}
      actions={
        <>
          <Button asChild variant="outline">
            <Link to={firstGame ? gameBoardPath(firstGame) : '/'}>Continue Shopping</Link>
          </Button>
          <ClearCart />
        </>
      }
      width="wide"
    >
      <OpenCheckoutNotice checkouts={openCheckouts} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="cart-items-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="cart-items-heading" className="sr-only">
            Squares by game
          </h2>
          <ul className="flex flex-col gap-4" data-testid="cart-games">
            {checks.map((check) => (
              <li key={check.item.game_id}>
                <CartGameCard check={check} />
              </li>
            ))}
          </ul>
        </section>

        <OrderSummary
          checks={checks}
          squareCount={squareCount}
          totalCents={totalCents}
          flagged={flagged.length > 0}
          checking={checking}
          invalidMessage={valid.ok ? null : valid.message}
          canPay={canPay}
          onRemoveUnavailable={removeUnavailable}
        />
      </div>
    </Page>
  );
}

/** Clear Cart, after asking (issue 11 item 7); the spec's toast "Cart cleared" after. */
function ClearCart() {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Clear Cart
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid="clear-cart-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{CART_TEXTS.clearTitle}</AlertDialogTitle>
          <AlertDialogDescription>{CART_TEXTS.clearDescription}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              cartStore.clear();
              toast.success(SUCCESS_TOASTS.cartCleared);
              // The cart's buttons are gone with it: start at the page's heading.
              refocus(null);
            }}
          >
            {CART_TEXTS.clearConfirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function CartGameCard({ check }: { check: ItemCheck }) {
  const { item, board, gameProblem, squareProblems, pending } = check;
  const headingId = useId();
  const flagged = gameProblem !== null || squareProblems.size > 0;
  const subtotal = check.priceCents * item.squares.length;
  const title = board?.game.title ?? item.game_title;

  const removeSquare = (square: Coordinate, button: HTMLElement) => {
    const item = button.closest('li');
    const next =
      item?.nextElementSibling?.querySelector<HTMLElement>('button') ??
      item?.previousElementSibling?.querySelector<HTMLElement>('button') ??
      button.closest('article')?.nextElementSibling?.querySelector<HTMLElement>('button');
    cartStore.remove(check.item.game_id, square);
    toast.success(SUCCESS_TOASTS.squareRemoved);
    refocus(next);
  };

  const removeGame = () => {
    cartStore.removeGame(item.game_id);
    toast.success(SUCCESS_TOASTS.gameRemovedFromCart);
    refocus(null);
  };

  return (
    <article
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5', flagged && 'border-destructive/50')}
      data-testid="cart-game"
      data-game-id={item.game_id}
      data-flagged={flagged || undefined}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id={headingId} className="text-lg leading-snug font-semibold [overflow-wrap:anywhere]">
            <Link to={gameBoardPath(item.game_id)} className="underline-offset-4 hover:underline">
              {title}
            </Link>
          </h3>
          {board && (
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              {board.game.team_a} vs {board.game.team_b}
            </p>
          )}
          <p className="text-sm text-muted-foreground tabular-nums">{formatUsd(check.priceCents)} per square</p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 shrink-0 text-muted-foreground hover:text-destructive"
          onClick={removeGame}
          aria-label={`Remove ${title} from cart`}
          data-testid="remove-game"
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>

      {gameProblem && (
        <p className="flex items-start gap-2 text-sm font-medium text-destructive" data-testid="game-problem">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {gameProblem}
        </p>
      )}

      <ul aria-label={`Squares in ${title}`} className="flex flex-wrap gap-2" data-testid="cart-squares">
        {item.squares.map((square) => {
          const problem = squareProblems.get(squareKey(square));
          const waiting = pending.has(squareKey(square));
          const position = squarePositionLabel(square);
          return (
            <li
              key={squareKey(square)}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border bg-muted/60 py-0.5 pr-0.5 pl-3 text-sm font-medium tabular-nums',
                (problem || gameProblem) && 'border-destructive/60 bg-destructive/10 text-destructive',
              )}
              data-testid="cart-square"
              data-flagged={problem ? true : undefined}
              data-pending={waiting || undefined}
            >
              {problem && <CircleAlert aria-hidden="true" className="size-3.5" />}
              {waiting && <Clock aria-hidden="true" className="size-3.5 text-primary" />}
              <span className="whitespace-nowrap">{position}</span>
              {waiting && <span className="sr-only">, {OPEN_CHECKOUT_TEXTS.square}</span>}
              <button
                type="button"
                onClick={(event) => removeSquare(square, event.currentTarget)}
                aria-label={`Remove square ${position} from cart`}
                className="inline-flex size-7 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ul>

      {squareProblems.size > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-destructive" data-testid="square-problems">
          {item.squares
            .filter((square) => squareProblems.has(squareKey(square)))
            .map((square) => (
              <li key={squareKey(square)} className="flex items-start gap-2">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  <span className="font-semibold tabular-nums">{squarePositionLabel(square)}:</span> {squareProblems.get(squareKey(square))}
                </span>
              </li>
            ))}
        </ul>
      )}

      {pending.size > 0 && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="square-pending">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            {pending.size === 1 ? 'This square is yours,' : `${pending.size} of these squares are yours,`} {OPEN_CHECKOUT_TEXTS.square}. Paying again starts a
            new payment.
          </span>
        </p>
      )}

      <div className="flex flex-wrap items-baseline justify-between gap-2 border-t pt-3 text-sm">
        <span className="text-muted-foreground tabular-nums">
          {check.checking ? (
            <span className="inline-flex items-center gap-1.5">
              <Spinner className="size-3.5" label={CART_TEXTS.checking} />
              <span aria-hidden="true">{CART_TEXTS.checking}</span>
            </span>
          ) : (
            `${item.squares.length} × ${formatUsd(check.priceCents)}`
          )}
        </span>
        <span className="font-semibold tabular-nums" data-testid="game-subtotal">
          {formatUsd(subtotal)}
        </span>
      </div>
    </article>
  );
}

function OrderSummary({
  checks,
  squareCount,
  totalCents,
  flagged,
  checking,
  invalidMessage,
  canPay,
  onRemoveUnavailable,
}: {
  checks: readonly ItemCheck[];
  squareCount: number;
  totalCents: number;
  flagged: boolean;
  checking: boolean;
  invalidMessage: string | null;
  canPay: boolean;
  onRemoveUnavailable: () => void;
}) {
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
        <Button asChild size="lg" className="w-full">
          <Link to="/payment" data-testid="proceed-to-payment">
            Proceed to Payment
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
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
