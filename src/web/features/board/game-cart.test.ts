import { SALES_CLOSED_MESSAGES } from '@core/sales';
import { describe, expect, it } from 'vitest';
import { claimed, drawnBoard, held, NOW, testBoard } from './board-test-data';
import { emptyCartText, gameCart, unavailableText, waitingText } from './game-cart';

describe('gameCart: "Your cart for this game"', () => {
  it("counts the cart's squares and what they come to at the board's price", () => {
    const board = testBoard({ price_per_square_cents: 1500 });
    const cart = gameCart(
      board,
      [
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ],
      NOW,
    );
    expect(cart).toEqual({ count: 2, subtotalCents: 3000, waiting: 0, taken: new Set(), unavailable: 0, open: true, hidden: false });
  });

  it("D21: the viewer's own open checkout waits for payment; squares others hold or own are no longer available", () => {
    const board = testBoard({}, { squares: [held(1, 1, { mine: true }), held(2, 2), claimed(3, 3, 'bob'), claimed(4, 4, 'me', { mine: true })] });
    const cart = gameCart(
      board,
      [
        { x: 2, y: 2 },
        { x: 3, y: 3 },
        { x: 5, y: 5 },
      ],
      NOW,
    );
    expect(cart.waiting).toBe(1);
    expect([...cart.taken].sort()).toEqual(['2,2', '3,3', '4,4']);
    expect(cart.unavailable).toBe(2);
    expect(unavailableText(cart, board, NOW)).toBe('2 of these squares are no longer available.');
    const one = gameCart(board, [{ x: 3, y: 3 }], NOW);
    expect(unavailableText(one, board, NOW)).toBe('1 of these square is no longer available.');
  });

  it('once sales close every square of the cart is unavailable, with the reason', () => {
    const board = drawnBoard();
    const cart = gameCart(board, [{ x: 1, y: 1 }], NOW);
    expect(cart).toMatchObject({ count: 1, unavailable: 1, open: false, hidden: false });
    expect(unavailableText(cart, board, NOW)).toBe(`${SALES_CLOSED_MESSAGES.drawn} Remove it from your cart.`);
    const two = gameCart(
      board,
      [
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ],
      NOW,
    );
    expect(unavailableText(two, board, NOW)).toBe(`${SALES_CLOSED_MESSAGES.drawn} Remove them from your cart.`);
  });

  it('has nothing to say once sales close or every square is sold, with an empty cart and nothing waiting', () => {
    expect(gameCart(drawnBoard(), [], NOW).hidden).toBe(true);
    expect(gameCart(drawnBoard(), undefined, NOW).hidden).toBe(true);
    expect(gameCart(testBoard({ squares_claimed: 100 }), [], NOW).hidden).toBe(true);
    expect(gameCart(testBoard({ squares_claimed: 100 }, { squares: [held(0, 0, { mine: true })] }), [], NOW).hidden).toBe(false);
    // While sales are open an empty cart still invites a pick.
    expect(gameCart(testBoard(), [], NOW)).toMatchObject({ count: 0, subtotalCents: 0, hidden: false });
  });

  it('says its lines', () => {
    expect(waitingText(1)).toBe('1 square on this board is yours, waiting for your payment. Resume the payment or start again from your cart.');
    expect(waitingText(3)).toBe('3 squares on this board are yours, waiting for your payment. Resume the payment or start again from your cart.');
    expect(emptyCartText(true)).toBe('No squares yet. Pick an open square on the board.');
    expect(emptyCartText(false)).toBe('No squares in your cart for this game.');
  });
});
