import { describe, expect, it } from 'vitest';
import type { BoardResponse, BoardSquare } from './api/board';
import type { CartItem } from './cart';
import {
  CART_TEXTS,
  checkCart,
  checkItem,
  heldForBuyer,
  lineRemovedMessage,
  linesThatNoLongerSell,
  livePriceCents,
  noLongerSells,
  unavailableRemovals,
} from './cart-check';
import type { Game } from './api/games';
import { SQUARE_BEING_PURCHASED } from './messages';

/** The clock the sales rule reads: long before any kickoff of these games. */
const NOW = new Date('2026-01-01T00:00:00Z');

const at = (x: number, y: number) => ({ x, y });

const item: CartItem = {
  game_id: 'g1',
  game_title: 'Super Bowl',
  price_per_square: 10,
  squares: [at(0, 0), at(1, 2), at(3, 4)],
};

function board(squares: BoardSquare[], game: Partial<Game> = {}, digitSets: { set: number; drawn_at: string | null }[] = []): BoardResponse {
  return {
    game: { id: 'g1', title: 'Super Bowl LX', price_per_square_cents: 1500, is_active: true, grid_shuffled: false, board_size: 100, ...game } as Game,
    squares,
    numbers: null,
    winners: [],
    draws: [],
    digit_sets: digitSets,
  } as unknown as BoardResponse;
}

const square = (x: number, y: number, status: BoardSquare['status'], mine: boolean, owner: string | null = null): BoardSquare => ({
  x,
  y,
  status,
  mine,
  owner_username: owner,
  owner_no_account: false,
  owner_email: null,
  unpaid: false,
});

const answer = (b: BoardResponse | undefined, rest: { missing?: boolean; checking?: boolean } = {}) => ({
  board: b,
  missing: rest.missing ?? false,
  checking: rest.checking ?? false,
});

describe('the cart check', () => {
  it('names the problem of each square: claimed by someone, already yours, held by someone else; own holds are pending', () => {
    const check = checkItem(
      item,
      answer(board([square(0, 0, 'claimed', false, 'ann'), square(1, 2, 'held', true), square(3, 4, 'held', false), square(9, 9, 'claimed', true)])),
      NOW,
    );
    expect(check.gameProblem).toBeNull();
    expect([...check.squareProblems]).toEqual([
      ['0,0', 'This square is already claimed by ann.'],
      ['3,4', SQUARE_BEING_PURCHASED],
    ]);
    expect([...check.pending]).toEqual(['1,2']);
    expect(checkItem(item, answer(board([square(0, 0, 'claimed', true)])), NOW).squareProblems.get('0,0')).toBe(CART_TEXTS.alreadyYours);
  });

  it('flags the whole game when it is gone or its sales are closed, and then checks no square', () => {
    expect(checkItem(item, answer(undefined, { missing: true }), NOW).gameProblem).toBe('This game no longer exists. Remove it from your cart.');
    const drawn = checkItem(item, answer(board([square(0, 0, 'claimed', false)], { grid_shuffled: true })), NOW);
    expect(drawn.gameProblem).toBe('Sales are closed: the numbers have been drawn.');
    expect(drawn.squareProblems.size).toBe(0);
    expect(checkItem(item, answer(board([], { is_active: false })), NOW).gameProblem).toBe('Sales are closed: this game is completed.');
    // D38: while set 1's beacon draw waits, the cart says the numbers are being drawn.
    const drawing = answer(board([], { grid_shuffled: true }, [{ set: 1, drawn_at: null }]));
    expect(checkItem(item, drawing, NOW).gameProblem).toBe('Sales are closed: the numbers are being drawn.');
    expect(noLongerSells(drawing, NOW)).toBe('Sales are closed: the numbers are being drawn.');
  });

  it('flags the game when the cart would pass its cap on squares per player (D31), counting squares the buyer owns', () => {
    const n = item.squares.length;
    expect(checkItem(item, answer(board([], { max_squares_per_player: n })), NOW).gameProblem).toBeNull();
    expect(checkItem(item, answer(board([square(9, 9, 'claimed', true)], { max_squares_per_player: n })), NOW).gameProblem).toBe(
      `You can have at most ${n} square${n === 1 ? '' : 's'} in this game. You own 1 already. Remove 1 square from your cart.`,
    );
    // Another player's squares do not count.
    expect(checkItem(item, answer(board([square(9, 9, 'claimed', false, 'ann')], { max_squares_per_player: n })), NOW).gameProblem).toBeNull();
  });

  it('prices at the live board, else at the cart price', () => {
    expect(livePriceCents(item, board([]))).toBe(1500);
    expect(livePriceCents(item, undefined)).toBe(1000);
    expect([...heldForBuyer(board([square(1, 2, 'held', true), square(0, 0, 'claimed', true), square(3, 4, 'held', false)]))]).toEqual(['1,2']);
    expect(heldForBuyer(undefined).size).toBe(0);
  });

  it('can pay only once every board answered and nothing is flagged', () => {
    const other: CartItem = { game_id: 'g2', game_title: 'Office', price_per_square: 5, squares: [{ x: 5, y: 5 }] };
    const clean = checkCart([item, other], [answer(board([])), answer(undefined)], NOW);
    expect(clean).toMatchObject({ squareCount: 4, totalCents: 3 * 1500 + 500, checking: false, invalidMessage: null, canPay: true });
    expect(clean.flagged).toEqual([]);

    const waiting = checkCart([item, other], [answer(board([])), answer(undefined, { checking: true })], NOW);
    expect(waiting.checking).toBe(true);
    expect(waiting.canPay).toBe(false);

    const flagged = checkCart([item, other], [answer(board([square(1, 2, 'claimed', false)])), answer(undefined, { missing: true })], NOW);
    expect(flagged.canPay).toBe(false);
    expect(flagged.flagged.map((check) => check.item.game_id)).toEqual(['g1', 'g2']);
    expect(unavailableRemovals(flagged.flagged)).toEqual({ games: ['g2'], squares: [{ game_id: 'g1', x: 1, y: 2 }] });
  });

  it('says why a cart that is not valid cannot be paid', () => {
    const result = checkCart([], [], NOW);
    expect(result.canPay).toBe(false);
    expect(result.invalidMessage).toBe('Your cart is empty');
  });
});

describe('lines of games that no longer sell', () => {
  const other: CartItem = { game_id: 'g2', game_title: 'Old Title', price_per_square: 5, squares: [at(5, 5)] };
  const selling = answer(board([], { squares_claimed: 40 }));

  it('names why a game no longer sells: gone, numbers drawn, completed, sold out; null while it sells or is not read yet', () => {
    expect(noLongerSells(answer(undefined, { missing: true }), NOW)).toBe('This game no longer exists.');
    expect(noLongerSells(answer(board([], { grid_shuffled: true })), NOW)).toBe('Sales are closed: the numbers have been drawn.');
    expect(noLongerSells(answer(board([], { is_active: false })), NOW)).toBe('Sales are closed: this game is completed.');
    expect(noLongerSells(answer(board([], { squares_claimed: 100 })), NOW)).toBe('Sold out: every square is taken, there are no squares left to pick.');
    expect(noLongerSells(selling, NOW)).toBeNull();
    expect(noLongerSells(answer(undefined, { checking: true }), NOW)).toBeNull();
  });

  it('lists only those lines, with the live title and the square count, and leaves lines the player can mend (taken squares, the cap)', () => {
    const capped = answer(board([square(0, 0, 'claimed', false, 'ann')], { max_squares_per_player: 1 }));
    expect(linesThatNoLongerSell([item, other], [capped, selling], NOW)).toEqual([]);
    const drawn = answer(board([], { grid_shuffled: true }));
    expect(linesThatNoLongerSell([item, other], [drawn, answer(undefined, { missing: true })], NOW)).toEqual([
      { game_id: 'g1', title: 'Super Bowl LX', squareCount: 3, reason: 'Sales are closed: the numbers have been drawn.' },
      { game_id: 'g2', title: 'Old Title', squareCount: 1, reason: 'This game no longer exists.' },
    ]);
    expect(linesThatNoLongerSell([item, other], [drawn], NOW)).toHaveLength(1);
  });

  it('says which game’s squares left the cart and why', () => {
    expect(lineRemovedMessage({ game_id: 'g1', title: 'Office Pool', squareCount: 7, reason: 'Sales are closed: the numbers have been drawn.' })).toBe(
      '7 squares of Office Pool were removed from your cart. Sales are closed: the numbers have been drawn.',
    );
    expect(lineRemovedMessage({ game_id: 'g1', title: 'Office Pool', squareCount: 1, reason: 'This game no longer exists.' })).toBe(
      '1 square of Office Pool was removed from your cart. This game no longer exists.',
    );
  });
});
