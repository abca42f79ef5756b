/**
 * D44 picking without friction: the one live selection bar under the board (count, total,
 * Checkout) instead of a toast per tap, and "Pick N at random", which asks the server for N
 * open squares (node:crypto, within the cap) and puts them in the cart like any pick.
 */
import type { BoardResponse, RandomPickRequest, RandomPickResponse } from '@core/api/board';
import { boardShape } from '@core/board-shape';
import { formatUsd } from '@core/money';
import { squaresAmountCents } from '@core/payment-methods';
import { squaresLeft } from '@core/player-limit';
import { salesOpen, soldOut } from '@core/sales';
import { openSquares, RANDOM_PICK_ERRORS, RANDOM_PICK_MAX } from '@core/random-pick';
import { Shuffle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { playerSquareCount } from './square-tap';
import { LinkButton } from '@/components/link-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';
import { cartStore, useCart, useCartItem } from '@/features/checkout/cart';
import { countOf } from '@core/text';

/**
 * The bar while this game's cart has squares and the game still sells (never over a closed or
 * sold-out board: those lines leave the cart, features/checkout/cart-prune.ts); `said` is the board's latest
 * words for screen readers.
 */
/** The board's one polite live region: what the latest tap said (D44). */
export function BoardSaid({ said }: { said: string }) {
  return (
    <p className="sr-only" role="status" data-testid="board-said">
      {said}
    </p>
  );
}

export function SelectionBar({ board, said }: { board: BoardResponse; said: string }) {
  const { game } = board;
  const cart = useCart();
  const item = useCartItem(game.id);
  const count = salesOpen(game, new Date()) && !soldOut(game, new Date()) ? (item?.squares.length ?? 0) : 0;
  return (
    <>
      {/* The live region stays in the page, outside the bar, so every change is read out (a hidden bar says nothing). */}
      <BoardSaid said={said} />
      {count > 0 && (
        <div
          className="sticky bottom-2 z-20 flex items-center justify-between gap-3 rounded-xl border bg-card/95 p-2 pl-4 shadow-lg backdrop-blur supports-[backdrop-filter]:bg-card/80"
          data-testid="selection-bar"
        >
          <p className="flex flex-col text-sm leading-tight">
            <span className="font-semibold" data-testid="selection-count">
              {countOf(count, 'square')}
            </span>
            <span className="text-muted-foreground tabular-nums" data-testid="selection-total">
              {formatUsd(squaresAmountCents(count, game.price_per_square_cents))}
            </span>
          </p>
          {/* One game in the cart goes straight to payment; several go to the cart to be looked over. */}
          <LinkButton to={cart.length === 1 ? '/payment' : '/cart'} className="min-h-11 px-5" data-testid="selection-checkout">
            Checkout
          </LinkButton>
        </div>
      )}
    </>
  );
}

/** How many more squares the player can pick now: open squares not in the cart, within the cap. */
function pickableCount(board: BoardResponse, inCart: RandomPickRequest['exclude'], have: number): number {
  const open = openSquares(boardShape(board.game.board_size), board.squares, inCart).length;
  const left = squaresLeft(board.game.max_squares_per_player, have);
  return left === null ? open : Math.min(open, left);
}

/** "Pick N at random" (D44): a small form by the board. */
export function RandomPick({ board, onPicked }: { board: BoardResponse; onPicked: (text: string) => void }) {
  const { game } = board;
  const cart = useCart();
  const inCart = useCartItem(game.id)?.squares ?? [];
  const max = pickableCount(board, inCart, playerSquareCount(board, cart));
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState('5');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  if (max === 0 && !open) return null;
  if (!open) {
    return (
      <Button type="button" variant="outline" className="min-h-11 sm:min-h-9" onClick={() => setOpen(true)} data-testid="random-pick-open">
        <Shuffle aria-hidden="true" />
        Pick at random
      </Button>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = /^\s*\d+\s*$/.test(count) ? Number(count) : Number.NaN;
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > RANDOM_PICK_MAX) {
      setError(RANDOM_PICK_ERRORS.count);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const picked = await api.post<RandomPickResponse>(`/api/games/${encodeURIComponent(game.id)}/squares/random`, {
        count: wanted,
        exclude: inCart.map(({ x, y }) => ({ x, y })),
      });
      cartStore.putBack(picked.squares.map(({ x, y }) => ({ game_id: game.id, game_title: game.title, price_per_square: game.price_per_square, x, y })));
      onPicked(`${countOf(picked.squares.length, 'square')} added to cart`);
      setOpen(false);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Could not pick squares. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2" data-testid="random-pick" noValidate>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          How many squares? <span className="font-normal text-muted-foreground">(up to {max})</span>
        </label>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={count}
          onChange={(event) => setCount(event.target.value)}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 w-24 sm:h-9"
          autoFocus
        />
      </div>
      <Button type="submit" className="min-h-11 sm:min-h-9" disabled={busy} data-testid="random-pick-submit">
        {busy ? <Spinner aria-hidden="true" /> : <Shuffle aria-hidden="true" />}
        {busy ? 'Picking...' : 'Pick'}
      </Button>
      <Button type="button" variant="ghost" className="min-h-11 sm:min-h-9" onClick={() => setOpen(false)} disabled={busy}>
        Cancel
      </Button>
      {error && (
        <p id={errorId} role="alert" className="w-full text-sm font-medium text-destructive" data-testid="random-pick-error">
          {error}
        </p>
      )}
    </form>
  );
}
