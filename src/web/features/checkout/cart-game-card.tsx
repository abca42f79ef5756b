/** One game in the cart: its squares, what the live board says about them, and its subtotal. */
import type { ItemCheck } from '@core/cart-check';
import { CART_TEXTS, isFlagged } from '@core/cart-check';
import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { SUCCESS_TOASTS } from '@core/messages';
import { formatUsd } from '@core/money';
import { CircleAlert, Clock, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { refocus } from './refocus';
import { OPEN_CHECKOUT_TEXTS } from './open-checkout';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cartStore } from './cart';
import { gameBoardPath } from '@/features/game-lists/game-cards';
import { cn } from '@/lib/utils';

export function CartGameCard({ check }: { check: ItemCheck }) {
  const { item, board, gameProblem, squareProblems, pending } = check;
  const headingId = useId();
  const flagged = isFlagged(check);
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
