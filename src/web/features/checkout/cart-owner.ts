/**
 * Whose cart is in this browser (D21: the cart belongs to whoever is signed in). The cart stays in
 * localStorage under `squares_cart` in the spec's shape; the account it belongs to is kept next to
 * it under `squares_cart_owner`. The session provider says who is signed in; the cart store shows
 * the cart only to its owner. Signing out clears it (every tab follows through the `storage`
 * event), and a cart another account left behind is discarded when someone else signs in.
 * Tiny on purpose: the session provider is on the first page; the cart code is not.
 */

/** The spec's cart key (CART_STORAGE_KEY in @core/cart; a unit test keeps them equal). */
export const CART_KEY = 'squares_cart';
/** The id of the account the saved cart belongs to. */
export const CART_OWNER_KEY = 'squares_cart_owner';

/** Values kept in memory when storage is blocked (this tab only); the cart store's too. */
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readSaved(key: string): string | null {
  try {
    const store = storage();
    if (store) return store.getItem(key);
  } catch {
    // Blocked: the memory copy below.
  }
  return memory.get(key) ?? null;
}

export function writeSaved(key: string, value: string | null): void {
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  try {
    const store = storage();
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Quota or blocked storage: the memory copy stands.
  }
}

/** Who the server last said is signed in; null while unknown or signed out. */
let user: string | null = null;
const listeners = new Set<() => void>();

function setUser(id: string | null): void {
  if (id === user) return;
  user = id;
  for (const listener of listeners) listener();
}

export const cartOwner = {
  /** The signed-in account's id, or null: nobody's cart is shown then. */
  user: (): string | null => user,

  /** The account the saved cart belongs to. */
  owner: (): string | null => readSaved(CART_OWNER_KEY),

  /**
   * The server said who is signed in (null: nobody). A cart another account left behind is
   * discarded; one saved before carts had owners goes to the account signed in now.
   */
  sessionIs(id: string | null): void {
    if (id !== null) {
      const owner = readSaved(CART_OWNER_KEY);
      if (owner !== id) {
        if (owner !== null) writeSaved(CART_KEY, null);
        writeSaved(CART_OWNER_KEY, id);
      }
    }
    setUser(id);
  },

  /** Signed out in this tab: the cart goes, here and in every other tab. */
  signedOut(): void {
    writeSaved(CART_KEY, null);
    writeSaved(CART_OWNER_KEY, null);
    setUser(null);
  },

  /** Marks the saved cart as the signed-in account's (on every change to it). */
  claim(): void {
    if (user !== null && readSaved(CART_OWNER_KEY) !== user) writeSaved(CART_OWNER_KEY, user);
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
