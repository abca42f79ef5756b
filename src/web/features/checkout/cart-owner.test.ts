import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '@core/cart';
import { cartStore } from './cart';
import { CART_KEY, CART_OWNER_KEY, cartOwner, readSaved, writeSaved } from './cart-owner';

// D21 (issue 11 item 3): the cart belongs to whoever is signed in. In node there is no
// localStorage, so these run on the store's in-memory copy, the same code path a browser with
// blocked storage takes.

const game = { game_id: 'g1', game_title: 'Owner Bowl', price_per_square: 10 };
const squares = () => cartStore.get().flatMap((item) => item.squares.map(({ x, y }) => `${item.game_id}:${x},${y}`));

describe('whose cart it is', () => {
  it('keeps the spec key for the cart', () => {
    expect(CART_KEY).toBe(CART_STORAGE_KEY);
  });

  it('signing out clears the cart; the next account on this browser starts empty', () => {
    cartOwner.sessionIs('alice');
    cartStore.add(game, { x: 4, y: 8 });
    expect(squares()).toEqual(['g1:4,8']);
    expect(readSaved(CART_OWNER_KEY)).toBe('alice');

    cartOwner.signedOut();
    expect(squares()).toEqual([]);
    expect(readSaved(CART_STORAGE_KEY)).toBeNull();

    cartOwner.sessionIs('bob');
    expect(squares()).toEqual([]);
  });

  it('another account never sees a cart left behind without a sign-out (an expired session), and it is discarded', () => {
    cartOwner.sessionIs('alice');
    cartStore.clear();
    cartStore.add(game, { x: 1, y: 1 });
    // The session ended on the server; the page learns it is signed out.
    cartOwner.sessionIs(null);
    expect(squares()).toEqual([]);
    // Nothing can be added while nobody is signed in.
    cartStore.add(game, { x: 2, y: 2 });
    expect(JSON.parse(readSaved(CART_STORAGE_KEY) ?? '[]')).toEqual([{ ...game, squares: [{ x: 1, y: 1 }] }]);

    cartOwner.sessionIs('bob');
    expect(squares()).toEqual([]);
    expect(readSaved(CART_STORAGE_KEY)).toBeNull();
    cartOwner.sessionIs('alice');
    expect(squares()).toEqual([]);
  });

  it("the same account signing in again finds its cart; a tab that still thinks it is someone else's sees none", () => {
    cartOwner.sessionIs('alice');
    cartStore.clear();
    cartStore.add(game, { x: 3, y: 3 });
    cartOwner.sessionIs(null);
    cartOwner.sessionIs('alice');
    expect(squares()).toEqual(['g1:3,3']);

    // Another tab signed bob in and saved his cart; this tab still believes alice is signed in.
    writeSaved(CART_OWNER_KEY, 'bob');
    expect(squares()).toEqual([]);
    writeSaved(CART_OWNER_KEY, 'alice');
    expect(squares()).toEqual(['g1:3,3']);
  });

  it('a cart saved before carts had owners goes to the account signed in', () => {
    cartOwner.signedOut();
    writeSaved(CART_STORAGE_KEY, JSON.stringify([{ ...game, squares: [{ x: 0, y: 9 }] }]));
    cartOwner.sessionIs('carol');
    expect(squares()).toEqual(['g1:0,9']);
    expect(readSaved(CART_OWNER_KEY)).toBe('carol');
  });

  it('putBack adds the squares not in the cart yet, in one change', () => {
    cartOwner.sessionIs('carol');
    cartStore.clear();
    cartStore.add(game, { x: 0, y: 1 });
    cartStore.putBack([
      { ...game, x: 0, y: 1 },
      { ...game, x: 5, y: 5 },
      { game_id: 'g2', game_title: 'Other Bowl', price_per_square: 20, x: 2, y: 3 },
    ]);
    expect(squares()).toEqual(['g1:0,1', 'g1:5,5', 'g2:2,3']);
    const before = cartStore.get();
    cartStore.putBack([{ ...game, x: 5, y: 5 }]);
    expect(cartStore.get()).toBe(before);
  });
});
