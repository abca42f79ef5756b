/**
 * The cart store (spec sections 3-4 "Cart", D4, D21): the core cart kept in localStorage under
 * `squares_cart`, one entry per game. Restored at start (an unparsable saved cart is discarded),
 * saved on each change, and followed across tabs through the `storage` event. It belongs to whoever
 * is signed in (D21, cart-owner.ts): anyone else sees an empty cart. An external store for
 * useSyncExternalStore, small enough for the first page: it imports @core/cart only (no zod).
 */
import {
  type AddSquareResult,
  addSquare,
  CART_STORAGE_KEY,
  cartTotals,
  type Cart,
  type CartGame,
  type CartItem,
  clearCart,
  parseCart,
  removeGame,
  removeSquare,
  serializeCart,
} from '@core/cart';
import type { Coordinate } from '@core/grid';
import { useSyncExternalStore } from 'react';
import { CART_OWNER_KEY, cartOwner, readSaved, writeSaved } from './cart-owner';

export type { AddSquareResult, Cart, CartGame, CartItem };

const EMPTY: Cart = [];

/** The saved text; localStorage is the source of truth (other code and tabs write it too). */
const readText = (): string | null => readSaved(CART_STORAGE_KEY);
const writeText = (text: string | null): void => writeSaved(CART_STORAGE_KEY, text);

let cachedText: string | null | undefined;
/** Whose cart the cached one is: `${user}/${owner}` when it was read. */
let cachedFor: string | undefined;
let cachedCart: Cart = EMPTY;
const listeners = new Set<() => void>();

/**
 * The cart now, parsed once per distinct saved text (a stable snapshot for React). A saved text
 * that is not exactly a valid cart is discarded (unparsable) or rewritten without its invalid
 * parts. Empty unless the signed-in account owns it (D21).
 */
function snapshot(): Cart {
  const user = cartOwner.user();
  const owner = cartOwner.owner();
  const text = readText();
  const whose = `${user}/${owner}`;
  if (text === cachedText && whose === cachedFor) return cachedCart;
  cachedFor = whose;
  if (user === null || owner !== user) {
    // Nobody signed in, or the cart is someone else's (a stale tab): shown to nobody, left alone.
    cachedText = text;
    cachedCart = EMPTY;
    return cachedCart;
  }
  const cart = parseCart(text);
  const canonical = cart.length === 0 ? null : serializeCart(cart);
  if (text !== null && text !== canonical && text !== '[]') writeText(canonical);
  cachedText = readText();
  cachedCart = cart.length === 0 ? EMPTY : cart;
  return cachedCart;
}

function emit(): void {
  for (const listener of listeners) listener();
}

function commit(next: Cart): void {
  // Only the signed-in account changes its cart (the pages that change it are for players).
  if (cartOwner.user() === null) return;
  cartOwner.claim();
  writeText(serializeCart(next));
  emit();
}

function onStorage(event: StorageEvent): void {
  // `key` is null when another tab cleared the whole storage.
  if (event.key !== null && event.key !== CART_STORAGE_KEY && event.key !== CART_OWNER_KEY) return;
  emit();
}

// Signing in or out (here or in another tab, through `storage`) changes whose cart is shown.
cartOwner.subscribe(emit);

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export const cartStore = {
  /** The cart now (the same object until it changes). */
  get: snapshot,
  subscribe,
  /** Adds a square; a square already in the cart is refused with the spec's message. */
  add(game: CartGame, square: Coordinate): AddSquareResult {
    const result = addSquare(snapshot(), game, square);
    if (result.result === 'added') commit(result.cart);
    return result;
  },
  /** Removes a square (and the game's entry with its last square). */
  remove(gameId: string, square: Coordinate): void {
    commit(removeSquare(snapshot(), gameId, square));
  },
  /** Removes a game with all its squares. */
  removeGame(gameId: string): void {
    commit(removeGame(snapshot(), gameId));
  },
  /** Empties the cart (Clear Cart, and after a successful payment). */
  clear(): void {
    commit(clearCart());
  },
  /**
   * Puts squares back (those of a payment the buyer cancelled, D21): each one not in the cart yet
   * is added, in one change.
   */
  putBack(squares: readonly (CartGame & Coordinate)[]): void {
    let cart = snapshot();
    for (const { game_id, game_title, price_per_square, x, y } of squares) {
      cart = addSquare(cart, { game_id, game_title, price_per_square }, { x, y }).cart;
    }
    if (cart !== snapshot()) commit(cart);
  },
};

/** The cart, re-rendering on every change in this tab or another one. */
export function useCart(): Cart {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

/** The cart's entry for one game, if any. */
export function useCartItem(gameId: string | undefined): CartItem | undefined {
  const cart = useCart();
  return gameId === undefined ? undefined : cart.find((item) => item.game_id === gameId);
}

/** D44: the number of squares in the cart, across games (the navigation's count). */
export function useCartSquareCount(): number {
  return cartTotals(useCart()).squareCount;
}
