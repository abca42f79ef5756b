import type { UnavailableSquare } from '@core/api/checkout';
import { firstSquareOffBoard, squareOffBoardMessage } from '@core/board-shape';
import { squarePositionLabel } from '@core/grid';
import { closedAtKickoff } from '@core/sales';
import { playerLimitMessage } from '@core/player-limit';
import { shapeOfGame } from '../games/games.repository';
import { type AppError, badRequest, conflict } from '../http/errors';
import { CHECKOUT_TEXTS } from './checkout.messages';
import type { Cell, GameForSale, TakenSquare } from './checkout.repository';

/** What a sale checks, by card (create-checkout.ts) or by reservation (reserve.ts, D28), and the 409s it answers. */

/** 409 HOLD_LIMIT: the cart would take the account past MAX_HELD_SQUARES (issue 10). */
export function holdLimit(max: number, held: number, cart: number): AppError {
  const message = held > 0 ? CHECKOUT_TEXTS.holdLimitWithHeld(max, held, cart) : CHECKOUT_TEXTS.holdLimit(max, cart);
  return conflict(message, 'HOLD_LIMIT', { max_held_squares: max, held_squares: held, cart_squares: cart });
}

/** Rolls back a checkout's transaction when a cell turned out to be taken by a concurrent one. */
export class HoldConflict extends Error {}

/**
 * Why this sale of a game cannot go ahead, read under the game's lock: gone, completed, drawn, or
 * (D28) no longer paid the way this part of the cart pays: the cart was split by payment method
 * before the lock, and the method may change while no square is held or sold.
 */
export function gameClosed(title: string, game: GameForSale | undefined, method: GameForSale['payment_method'], now: Date): AppError | null {
  if (!game) return conflict(CHECKOUT_TEXTS.gameUnavailable(title), 'GAME_CLOSED');
  if (!game.is_active) return conflict(CHECKOUT_TEXTS.gameCompleted(game.title), 'GAME_CLOSED');
  if (game.grid_shuffled) {
    return conflict(game.numbers_drawing ? CHECKOUT_TEXTS.salesClosedDrawing(game.title) : CHECKOUT_TEXTS.salesClosed(game.title), 'GAME_CLOSED');
  }
  // D39: the kickoff closes sales the moment it passes; the kickoff run then ends open checkouts.
  if (closedAtKickoff(game, now)) return conflict(CHECKOUT_TEXTS.salesClosedAtKickoff(game.title), 'GAME_CLOSED');
  if (game.payment_method !== method) return conflict(CHECKOUT_TEXTS.paymentMethodChanged(game.title), 'GAME_CLOSED');
  return null;
}

/**
 * D36: 400 SQUARE_OFF_BOARD for a square of the cart that is not on its game's board (row 6 of a
 * board of 5 rows); the cart itself only knows squares of the largest board.
 */
export function offBoard(squares: readonly { x: number; y: number }[], game: GameForSale): AppError | null {
  const shape = shapeOfGame(game);
  const off = firstSquareOffBoard(shape, squares);
  return off ? badRequest(squareOffBoardMessage(shape, off), 'SQUARE_OFF_BOARD', { game_id: game.id, x: off.x, y: off.y }) : null;
}

/** How many squares a 409's sentence names before "and N more". */
const NAMED_SQUARES = 10;

/** 409 SQUARES_UNAVAILABLE naming the squares; the buyer's own squares get their own sentence. */
export function unavailable(taken: readonly TakenSquare[], buyerId: string, titles: ReadonlyMap<string, string>): AppError {
  const label = (s: Cell) => CHECKOUT_TEXTS.square(titles.get(s.game_id), squarePositionLabel(s));
  const squares: UnavailableSquare[] = taken.map(({ game_id, x, y }) => ({ game_id, x, y }));
  const owned = taken.filter((s) => s.user_id === buyerId && s.status === 'claimed');
  // The squares field names every cell; the sentence names the first few (a cart may hold 100).
  const named = (cells: readonly TakenSquare[]) =>
    cells.length > NAMED_SQUARES
      ? CHECKOUT_TEXTS.andMore(cells.slice(0, NAMED_SQUARES).map(label).join('; '), cells.length - NAMED_SQUARES)
      : cells.map(label).join('; ');
  if (owned.length === taken.length && owned.length > 0) {
    return conflict(CHECKOUT_TEXTS.alreadyOwned(named(owned)), 'SQUARES_UNAVAILABLE', { squares });
  }
  const list = taken.length > 0 ? `: ${named(taken)}` : '';
  return conflict(CHECKOUT_TEXTS.takenByOthers(list), 'SQUARES_UNAVAILABLE', { squares });
}

/**
 * D31: 409 PLAYER_LIMIT when the cart would give the buyer more squares in a game than its cap
 * (owned, or held in a live hold of an open checkout). Called inside the sale's transaction,
 * after the buyer's lock, so two checkouts of one buyer cannot both pass it.
 */
export function playerLimit(cells: readonly Cell[], games: ReadonlyMap<string, GameForSale>, have: ReadonlyMap<string, number>): AppError | null {
  const adding = new Map<string, number>();
  for (const cell of cells) adding.set(cell.game_id, (adding.get(cell.game_id) ?? 0) + 1);
  for (const [gameId, count] of adding) {
    const game = games.get(gameId);
    const cap = game?.max_squares_per_player ?? null;
    const owned = have.get(gameId) ?? 0;
    if (game && cap !== null && owned + count > cap) {
      return conflict(playerLimitMessage(game.title, cap, owned, count), 'PLAYER_LIMIT', {
        game_id: gameId,
        max_squares_per_player: cap,
        have: owned,
        adding: count,
      });
    }
  }
  return null;
}
