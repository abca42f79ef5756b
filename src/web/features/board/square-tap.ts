/**
 * What tapping a square does (spec, D11, D21, D31, D44): pick it, take it out of the cart again,
 * send a visitor to log in, or say why it cannot be picked. Pure: the board's hook
 * (use-square-action.ts) carries it out.
 */
import type { BoardResponse } from '@core/api/board';
import type { Cart } from '@core/cart';
import { SQUARE_BEING_PURCHASED, squareAlreadyClaimedMessage } from '@core/messages';
import { playerCapMessage, squaresLeft } from '@core/player-limit';
import { salesClosedMessage, salesOpen } from '@core/sales';
import type { BoardCell } from './board-cells';

/** Our texts for the clicks the spec does not word. */
export const BOARD_MESSAGES = {
  yours: 'This square is yours.',
  yoursPending: 'This square is yours, waiting for your payment. Resume the payment or start again from your cart.',
} as const;

/** D31: the viewer's squares in this game (owned or held) plus those in their cart for it. */
export function playerSquareCount(board: BoardResponse, cart: Cart): number {
  const mine = board.squares.filter((square) => square.mine).length;
  const inCart = cart.find((item) => item.game_id === board.game.id)?.squares.length ?? 0;
  return mine + inCart;
}

export type SquareTap =
  /** D11: visitors see the board; picking a square needs an account. */
  | { readonly kind: 'log-in' }
  /** The note by the square: whose it is, or why it cannot be picked. */
  | { readonly kind: 'note'; readonly text: string }
  /** D44: a square in the cart comes out again. */
  | { readonly kind: 'remove' }
  /** Into the cart. */
  | { readonly kind: 'add' }
  /** Not yet decided: an open square tapped while the session check is out is a player's pick or a visitor's log-in, whichever its answer says. */
  | { readonly kind: 'wait' };

/**
 * `signedIn`: 'checking' while the session check is still out. `cart` reads the whole cart at
 * the tap, only when D31's cap needs it; `now` is the clock the sales rule reads (D39).
 */
export function squareTap(cell: BoardCell, board: BoardResponse, signedIn: boolean | 'checking', cart: () => Cart, now: Date): SquareTap {
  const { game } = board;
  if (signedIn !== true && cell.state === 'available') return signedIn === 'checking' ? { kind: 'wait' } : { kind: 'log-in' };
  // Any other square tells a visitor what it tells a player: whose it is, or why it cannot be picked.
  const note = (text: string) => ({ kind: 'note', text }) as const;
  switch (cell.state) {
    case 'claimed':
      return note(squareAlreadyClaimedMessage(cell.ownerUsername));
    case 'held':
      return note(SQUARE_BEING_PURCHASED);
    case 'mine':
      return note(BOARD_MESSAGES.yours);
    case 'mine-pending':
      return note(BOARD_MESSAGES.yoursPending);
    case 'unsold':
      return note(salesClosedMessage(game, board.digit_sets, now));
    case 'in-cart':
      return { kind: 'remove' };
    case 'available': {
      if (!salesOpen(game, now)) return note(salesClosedMessage(game, board.digit_sets, now));
      // D31: the game's cap on squares per player, counting the player's squares and cart (the server decides at checkout).
      const left = squaresLeft(game.max_squares_per_player, playerSquareCount(board, cart()));
      if (left === 0) return note(playerCapMessage(game.max_squares_per_player!));
      return { kind: 'add' };
    }
  }
}
