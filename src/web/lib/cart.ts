/**
 * The cart store (spec sections 3-4 "Cart", D4, D21): the core cart kept in localStorage under
 * `squares_cart`, one entry per game. Restored at start (an unparsable saved cart is discarded),
 * saved on each change, and followed across tabs through the `storage` event. An external store
 * for useSyncExternalStore, small enough for the first page: it imports @core/cart only (no zod).
 */
import {
  type AddSquareResult,
  addSquare,
  CART_STORAGE_KEY,
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

export type { AddSquareResult, Cart, CartGame, CartItem };

const EMPTY: Cart = [];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage blocked (privacy settings): the cart then lives in memory for this tab only.
    return null;
  }
}

/** The saved text; localStorage is the source of truth (other code and tabs write it too). */
let memoryText: string | null = null;

function readText(): string | null {
  const store = storage();
  if (!store) return memoryText;
  try {
    return store.getItem(CART_STORAGE_KEY);
  } catch {
    return memoryText;
  }
}

function writeText(text: string | null): void {
  memoryText = text;
  try {
    const store = storage();
    if (text === null) store?.removeItem(CART_STORAGE_KEY);
    else store?.setItem(CART_STORAGE_KEY, text);
  } catch {
    // Quota or blocked storage: the change stays in memory.
  }
}

let cachedText: string | null | undefined;
let cachedCart: Cart = EMPTY;
const listeners = new Set<() => void>();

/**
 * The cart now, parsed once per distinct saved text (a stable snapshot for React). A saved text
 * that is not exactly a valid cart is discarded (unparsable) or rewritten without its invalid
 * parts.
 */
function snapshot(): Cart {
  const text = readText();
  if (text === cachedText) return cachedCart;
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
  writeText(serializeCart(next));
  emit();
}

function onStorage(event: StorageEvent): void {
  // `key` is null when another tab cleared the whole storage.
  if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
  emit();
}

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
