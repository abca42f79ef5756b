import type { BoardResponse } from '@core/api/board';
import type { Cart } from '@core/cart';
import { SALES_CLOSED_MESSAGES } from '@core/sales';
import { describe, expect, it } from 'vitest';
import { type BoardCell, boardCells, shapeOfBoard } from './board-cells';
import { claimed, drawnBoard, held, NOW, testBoard } from './board-test-data';
import { BOARD_MESSAGES, playerSquareCount, squareTap } from './square-tap';

const cellOf = (board: BoardResponse, x: number, y: number, cart: Cart = []) =>
  boardCells(board, cart.find((item) => item.game_id === board.game.id)?.squares ?? [], shapeOfBoard(board.game), null, [], NOW).find(
    (cell) => cell.x === x && cell.y === y,
  )!;

const cartOf = (gameId: string, squares: { x: number; y: number }[]): Cart => [{ game_id: gameId, game_title: 'A game', price_per_square: 10, squares }];

/** The tap, with a cart read that counts how often it was read. */
function tap(cell: BoardCell, board: BoardResponse, signedIn: boolean | 'checking', cart: Cart = []) {
  let reads = 0;
  const result = squareTap(
    cell,
    board,
    signedIn,
    () => {
      reads += 1;
      return cart;
    },
    NOW,
  );
  return { result, reads };
}

describe('squareTap: what tapping a square does', () => {
  const board = testBoard(
    {},
    {
      squares: [
        claimed(0, 0, 'CoachDana'),
        claimed(0, 1, 'me', { mine: true }),
        held(0, 2, { mine: true }),
        held(0, 3),
        claimed(0, 4, 'Aunt May', { owner_no_account: true }),
      ],
    },
  );

  it('a player picks an open square, and takes one in the cart out again', () => {
    expect(tap(cellOf(board, 5, 5), board, true).result).toEqual({ kind: 'add' });
    const cart = cartOf('g1', [{ x: 5, y: 5 }]);
    expect(tap(cellOf(board, 5, 5, cart), board, true, cart).result).toEqual({ kind: 'remove' });
  });

  it('D11: a visitor tapping an open square goes to log in', () => {
    expect(tap(cellOf(board, 5, 5), board, false)).toEqual({ result: { kind: 'log-in' }, reads: 0 });
  });

  it('an open square tapped while the session check is out waits for its answer (a pick or a log-in)', () => {
    expect(tap(cellOf(board, 5, 5), board, 'checking')).toEqual({ result: { kind: 'wait' }, reads: 0 });
  });

  it('any other square says whose it is or why it cannot be picked, to a visitor as to a player', () => {
    for (const signedIn of [true, false, 'checking'] as const) {
      const said = [0, 1, 2, 3, 4].map((y) => tap(cellOf(board, 0, y), board, signedIn).result);
      expect(said).toEqual([
        { kind: 'note', text: 'This square is already claimed by CoachDana.' },
        { kind: 'note', text: BOARD_MESSAGES.yours },
        { kind: 'note', text: BOARD_MESSAGES.yoursPending },
        { kind: 'note', text: 'This square is being purchased by someone else. Try again in a few minutes.' },
        { kind: 'note', text: 'This square is already claimed by Aunt May (no account).' },
      ]);
    }
    expect(BOARD_MESSAGES).toEqual({
      yours: 'This square is yours.',
      yoursPending: 'This square is yours, waiting for your payment. Resume the payment or start again from your cart.',
    });
  });

  it('an unsold square says why sales are closed: drawn, at kickoff, completed', () => {
    const drawn = drawnBoard();
    expect(tap(cellOf(drawn, 3, 3), drawn, true).result).toEqual({ kind: 'note', text: SALES_CLOSED_MESSAGES.drawn });
    expect(tap(cellOf(drawn, 3, 3), drawn, false).result).toEqual({ kind: 'note', text: SALES_CLOSED_MESSAGES.drawn });
    const kickoff = testBoard({ kickoff_at: '2026-01-01T11:00:00Z' });
    expect(tap(cellOf(kickoff, 3, 3), kickoff, true).result).toEqual({ kind: 'note', text: SALES_CLOSED_MESSAGES.kickoff });
    const completed = testBoard({ is_active: false });
    expect(tap(cellOf(completed, 3, 3), completed, true).result).toEqual({ kind: 'note', text: SALES_CLOSED_MESSAGES.completed });
  });

  it('an open square tapped after sales closed (the board not read again yet) says they closed', () => {
    const open = testBoard();
    const cell = cellOf(open, 3, 3);
    const closed = testBoard({ kickoff_at: '2026-01-01T11:59:00Z' });
    expect(cell.state).toBe('available');
    expect(tap(cell, closed, true).result).toEqual({ kind: 'note', text: SALES_CLOSED_MESSAGES.kickoff });
  });

  it('D31: at the cap the square is not picked, counting owned, held and cart squares; the cart is read only then', () => {
    const capped = testBoard({ max_squares_per_player: 3 }, { squares: [claimed(0, 0, 'me', { mine: true }), held(0, 1, { mine: true })] });
    const full = cartOf('g1', [{ x: 5, y: 5 }]);
    expect(tap(cellOf(capped, 9, 9), capped, true, full)).toEqual({
      result: { kind: 'note', text: 'You can have at most 3 squares in this game.' },
      reads: 1,
    });
    // Another game's cart lines do not count.
    expect(tap(cellOf(capped, 9, 9), capped, true, cartOf('g2', [{ x: 5, y: 5 }]))).toEqual({ result: { kind: 'add' }, reads: 1 });
    const one = testBoard({ max_squares_per_player: 1 }, { squares: [claimed(0, 0, 'me', { mine: true })] });
    expect(tap(cellOf(one, 9, 9), one, true).result).toEqual({ kind: 'note', text: 'You can have at most 1 square in this game.' });
    expect(tap(cellOf(board, 0, 0), board, true).reads).toBe(0);
  });
});

describe('playerSquareCount (D31)', () => {
  it("counts the viewer's squares on the board (owned or held) and this game's squares in their cart", () => {
    const board = testBoard({}, { squares: [claimed(0, 0, 'me', { mine: true }), held(0, 1, { mine: true }), claimed(0, 2, 'bob'), held(0, 3)] });
    expect(playerSquareCount(board, [])).toBe(2);
    expect(
      playerSquareCount(board, [
        ...cartOf('g1', [
          { x: 5, y: 5 },
          { x: 6, y: 6 },
        ]),
        ...cartOf('g2', [{ x: 1, y: 1 }]),
      ]),
    ).toBe(4);
    expect(playerSquareCount(testBoard(), [])).toBe(0);
  });
});
