/**
 * The game page's "Your cart for this game" (spec section 4, D21, D39): the squares of this game in
 * the viewer's cart, what they come to, which of them are no longer available, and the squares of
 * the viewer's own open checkout. Pure: cart-summary.tsx draws it.
 */
import type { BoardResponse } from '@core/api/board';
import { heldForBuyer } from '@core/cart-check';
import { type Coordinate, squareKey } from '@core/grid';
import { squaresAmountCents } from '@core/payment-methods';
import { salesClosedMessage, salesOpen, soldOut } from '@core/sales';

export interface GameCart {
  /** Squares of this game in the cart. */
  readonly count: number;
  readonly subtotalCents: number;
  /** D21: squares of the viewer's own open checkout: theirs, waiting for their payment. */
  readonly waiting: number;
  /** The cart's squares someone else holds or owns, by square key (the list strikes them out). */
  readonly taken: ReadonlySet<string>;
  /** Squares of the cart that cannot be bought: those taken, or all of them once sales close. */
  readonly unavailable: number;
  readonly open: boolean;
  /** Nothing to say: sales closed (or every square sold), an empty cart and nothing waiting (D43: on game day the results come first). */
  readonly hidden: boolean;
}

/** `squares`: the cart's squares for this game; `now`: the clock the sales rule reads (D39). */
export function gameCart(board: BoardResponse, squares: readonly Coordinate[] | undefined, now: Date): GameCart {
  const { game } = board;
  const count = squares?.length ?? 0;
  const waiting = heldForBuyer(board);
  const taken = new Set(board.squares.filter((square) => !waiting.has(squareKey(square))).map(squareKey));
  const open = salesOpen(game, now);
  const unavailable = open ? (squares?.filter((square) => taken.has(squareKey(square))).length ?? 0) : count;
  return {
    count,
    subtotalCents: squaresAmountCents(count, game.price_per_square_cents),
    waiting: waiting.size,
    taken,
    unavailable,
    open,
    hidden: (!open || soldOut(game, now)) && count === 0 && waiting.size === 0,
  };
}

/** D21: "2 squares on this board are yours, waiting for your payment. ..." */
export function waitingText(waiting: number): string {
  const head = waiting === 1 ? '1 square on this board is yours,' : `${waiting} squares on this board are yours,`;
  return `${head} waiting for your payment. Resume the payment or start again from your cart.`;
}

/** The cart's squares that cannot be bought: taken by others while sales are open, all of them once closed. */
export function unavailableText(cart: GameCart, board: BoardResponse, now: Date): string {
  const { unavailable, count } = cart;
  return cart.open
    ? `${unavailable} of these ${unavailable === 1 ? 'square is' : 'squares are'} no longer available.`
    : `${salesClosedMessage(board.game, board.digit_sets, now)} Remove ${count === 1 ? 'it' : 'them'} from your cart.`;
}

/** An empty cart's line. */
export function emptyCartText(open: boolean): string {
  return open ? 'No squares yet. Pick an open square on the board.' : 'No squares in your cart for this game.';
}
