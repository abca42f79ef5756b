import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cart, CartGame } from './cart';
import { cartSchema } from './schemas';
import {
  CART_STORAGE_KEY,
  addSquare,
  cartTotals,
  checkoutDescription,
  checkoutGameId,
  clearCart,
  hasSquare,
  parseCart,
  removeGame,
  removeSquare,
  serializeCart,
  validateForPayment,
} from './cart';
import { squareKey } from './grid';

const superBowl: CartGame = { game_id: 'g1', game_title: 'Super Bowl', price_per_square: 10 };
const officePool: CartGame = { game_id: 'g2', game_title: 'Office Pool', price_per_square: 5 };

/** Adds squares one after another, failing the test on a duplicate. */
function cartWith(...adds: [CartGame, number, number][]): Cart {
  return adds.reduce<Cart>((cart, [game, x, y]) => {
    const result = addSquare(cart, game, { x, y });
    if (result.result !== 'added') throw new Error(`unexpected duplicate ${x},${y}`);
    return result.cart;
  }, []);
}

const INVALID = 'Some items in your cart are invalid. Please refresh and try again.';

describe('storage key', () => {
  it("is the spec's squares_cart", () => {
    expect(CART_STORAGE_KEY).toBe('squares_cart');
  });
});

describe('addSquare', () => {
  it('creates an entry for a game not yet in the cart', () => {
    const result = addSquare([], superBowl, { x: 2, y: 6 });
    expect(result).toEqual({ result: 'added', cart: [{ ...superBowl, squares: [{ x: 2, y: 6 }] }] });
  });

  it("adds further squares to the game's entry and new games after it", () => {
    const cart = cartWith([superBowl, 2, 6], [officePool, 0, 0], [superBowl, 9, 9]);
    expect(cart).toEqual([
      {
        ...superBowl,
        squares: [
          { x: 2, y: 6 },
          { x: 9, y: 9 },
        ],
      },
      { ...officePool, squares: [{ x: 0, y: 0 }] },
    ]);
  });

  it('refuses a square already in the cart with the spec message', () => {
    const cart = cartWith([superBowl, 2, 6]);
    expect(addSquare(cart, superBowl, { x: 2, y: 6 })).toEqual({
      result: 'duplicate',
      cart,
      message: 'This square is already in your cart.',
    });
  });

  it('treats the same position in another game as another square', () => {
    const cart = cartWith([superBowl, 2, 6]);
    expect(addSquare(cart, officePool, { x: 2, y: 6 }).result).toBe('added');
  });

  it('keeps only x and y, and the latest title and price of the game', () => {
    const square = { x: 1, y: 1, owner: 'ignored' };
    const cart = addSquare(cartWith([superBowl, 0, 0]), { ...superBowl, game_title: 'Renamed', price_per_square: 20 }, square).cart;
    expect(cart).toEqual([
      {
        game_id: 'g1',
        game_title: 'Renamed',
        price_per_square: 20,
        squares: [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
        ],
      },
    ]);
  });

  it('leaves the cart it was given untouched', () => {
    const cart = cartWith([superBowl, 0, 0]);
    const before = structuredClone(cart);
    addSquare(cart, superBowl, { x: 1, y: 1 });
    removeSquare(cart, 'g1', { x: 0, y: 0 });
    expect(cart).toEqual(before);
  });

  it('refuses a square off the board', () => {
    expect(() => addSquare([], superBowl, { x: 10, y: 0 })).toThrow(RangeError);
  });
});

describe('removing', () => {
  const cart = cartWith([superBowl, 2, 6], [superBowl, 3, 3], [officePool, 0, 0]);

  it('removes one square', () => {
    expect(removeSquare(cart, 'g1', { x: 2, y: 6 })).toEqual([
      { ...superBowl, squares: [{ x: 3, y: 3 }] },
      { ...officePool, squares: [{ x: 0, y: 0 }] },
    ]);
  });

  it('removes the game entry with its last square', () => {
    expect(removeSquare(cart, 'g2', { x: 0, y: 0 })).toEqual([cart[0]]);
  });

  it('changes nothing for a square that is not there', () => {
    expect(removeSquare(cart, 'g1', { x: 0, y: 0 })).toEqual(cart);
    expect(removeSquare(cart, 'g9', { x: 2, y: 6 })).toEqual(cart);
  });

  it('removes a whole game, and clears everything', () => {
    expect(removeGame(cart, 'g1')).toEqual([cart[1]]);
    expect(clearCart()).toEqual([]);
  });

  it('tells whether a square is in the cart', () => {
    expect(hasSquare(cart, 'g1', { x: 3, y: 3 })).toBe(true);
    expect(hasSquare(cart, 'g2', { x: 3, y: 3 })).toBe(false);
  });
});

describe('parseCart', () => {
  it.each([null, '', 'not json', '{', '{}', '"cart"', '42', 'null', '[1, null, "x", []]'])('discards %j as an empty cart', (saved) => {
    expect(parseCart(saved)).toEqual([]);
  });

  it('restores a saved cart', () => {
    const cart = cartWith([superBowl, 2, 6], [officePool, 0, 0]);
    expect(parseCart(serializeCart(cart))).toEqual(cart);
  });

  it('drops entries without a usable game id, title, price or squares', () => {
    const good = { ...superBowl, squares: [{ x: 1, y: 1 }] };
    const saved = JSON.stringify([
      { ...good, game_id: undefined },
      { ...good, game_id: '' },
      { ...good, game_id: 7 },
      { ...good, game_title: null },
      { ...good, price_per_square: 0 },
      { ...good, price_per_square: 2.5 },
      { ...good, price_per_square: '10' },
      { ...good, squares: 'all' },
      { ...good, squares: [] },
      { ...good, squares: [{ x: 10, y: 1 }, { x: '1', y: 1 }, null] },
      good,
    ]);
    expect(parseCart(saved)).toEqual([good]);
  });

  it('keeps the valid squares of an entry once each and merges entries of the same game', () => {
    const saved = JSON.stringify([
      {
        ...superBowl,
        squares: [
          { x: 1, y: 1 },
          { x: 1, y: 1 },
          { x: -1, y: 0 },
          { x: 2, y: 2, extra: true },
        ],
      },
      { ...officePool, squares: [{ x: 0, y: 0 }] },
      {
        ...superBowl,
        squares: [
          { x: 2, y: 2 },
          { x: 3, y: 3 },
        ],
      },
    ]);
    expect(parseCart(saved)).toEqual([
      {
        ...superBowl,
        squares: [
          { x: 1, y: 1 },
          { x: 2, y: 2 },
          { x: 3, y: 3 },
        ],
      },
      { ...officePool, squares: [{ x: 0, y: 0 }] },
    ]);
  });
});

describe('totals and checkout', () => {
  const cart = cartWith([superBowl, 2, 6], [superBowl, 3, 3], [superBowl, 4, 4], [officePool, 0, 0]);

  it('counts squares and adds their prices in cents', () => {
    expect(cartTotals(cart)).toEqual({ squareCount: 4, totalCents: 3500 });
    expect(cartTotals([])).toEqual({ squareCount: 0, totalCents: 0 });
  });

  it('names the one game, or multiple', () => {
    expect(checkoutGameId([])).toBeNull();
    expect(checkoutGameId(cartWith([officePool, 1, 1]))).toBe('g2');
    expect(checkoutGameId(cart)).toBe('multiple');
  });

  it('describes the purchase by titles and square counts', () => {
    expect(checkoutDescription(cart)).toBe('Super Bowl (3 squares), Office Pool (1 square)');
  });
});

describe('validateForPayment', () => {
  const good = { ...superBowl, squares: [{ x: 1, y: 1 }] };

  it('passes a valid cart', () => {
    expect(validateForPayment([good])).toEqual({ ok: true, value: [good] });
    expect(cartSchema.parse([good])).toEqual([good]);
  });

  it('says an empty cart is empty', () => {
    expect(validateForPayment([])).toEqual({ ok: false, message: 'Your cart is empty' });
    expect(cartSchema.safeParse([]).error?.issues[0]?.message).toBe('Your cart is empty');
  });

  it.each([
    ['no game id', { ...good, game_id: undefined }],
    ['an empty game id', { ...good, game_id: '' }],
    ['no squares', { ...good, squares: undefined }],
    ['an empty list of squares', { ...good, squares: [] }],
    ['no price', { ...good, price_per_square: undefined }],
    ['a zero price', { ...good, price_per_square: 0 }],
    ['a fractional price', { ...good, price_per_square: 9.99 }],
    ['a square off the board', { ...good, squares: [{ x: 1, y: 10 }] }],
    [
      'a square twice',
      {
        ...good,
        squares: [
          { x: 1, y: 1 },
          { x: 1, y: 1 },
        ],
      },
    ],
    ['not an object', 'g1'],
  ])('refuses an entry with %s', (_, entry) => {
    expect(validateForPayment([entry])).toEqual({ ok: false, message: INVALID });
    expect(cartSchema.safeParse([entry]).error?.issues[0]?.message).toBe(INVALID);
  });

  it('refuses a game listed twice and a cart that is not a list', () => {
    expect(validateForPayment([good, { ...good, squares: [{ x: 2, y: 2 }] }])).toEqual({ ok: false, message: INVALID });
    expect(validateForPayment({ items: [good] })).toEqual({ ok: false, message: INVALID });
    expect(cartSchema.safeParse('cart').error?.issues[0]?.message).toBe(INVALID);
  });

  it('keeps only the cart fields of what it received', () => {
    const sent = [{ ...good, squares: [{ x: 1, y: 1, price: 0 }], total: 1 }];
    expect(validateForPayment(sent)).toEqual({ ok: true, value: [good] });
  });
});

describe('cart under any sequence of changes', () => {
  const games = [superBowl, officePool, { game_id: 'g3', game_title: 'Finals', price_per_square: 2 }];
  // A small corner of the board so that sequences often repeat and remove squares.
  const square = fc.record({ x: fc.integer({ min: 0, max: 2 }), y: fc.integer({ min: 0, max: 2 }) });
  const game = fc.constantFrom(...games);
  const operation = fc.oneof(
    { weight: 5, arbitrary: fc.record({ op: fc.constant('add' as const), game, square }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('remove' as const), game, square }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('removeGame' as const), game }) },
  );

  it('never holds a square twice or an empty entry, matches a simple model, and survives storage', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        let cart: Cart = [];
        const model = new Map<string, Set<string>>();
        for (const operation of operations) {
          const keys = model.get(operation.game.game_id) ?? new Set<string>();
          if (operation.op === 'add') {
            const result = addSquare(cart, operation.game, operation.square);
            expect(result.result).toBe(keys.has(squareKey(operation.square)) ? 'duplicate' : 'added');
            cart = result.cart;
            keys.add(squareKey(operation.square));
            model.set(operation.game.game_id, keys);
          } else if (operation.op === 'remove') {
            cart = removeSquare(cart, operation.game.game_id, operation.square);
            keys.delete(squareKey(operation.square));
            if (keys.size === 0) model.delete(operation.game.game_id);
          } else {
            cart = removeGame(cart, operation.game.game_id);
            model.delete(operation.game.game_id);
          }

          expect(new Set(cart.map((item) => item.game_id)).size).toBe(cart.length);
          for (const item of cart) {
            expect(item.squares.length).toBeGreaterThan(0);
            expect(new Set(item.squares.map(squareKey)).size).toBe(item.squares.length);
            expect(new Set(item.squares.map(squareKey))).toEqual(model.get(item.game_id));
          }
          expect(cart.length).toBe(model.size);
          expect(parseCart(serializeCart(cart))).toEqual(cart);
          expect(validateForPayment(cart)).toEqual(cart.length === 0 ? { ok: false, message: 'Your cart is empty' } : { ok: true, value: cart });
          const expectedCents = cart.reduce((sum, item) => sum + item.price_per_square * 100 * item.squares.length, 0);
          expect(cartTotals(cart)).toEqual({ squareCount: [...model.values()].reduce((n, s) => n + s.size, 0), totalCents: expectedCents });
        }
      }),
      { numRuns: 300 },
    );
  });
});
