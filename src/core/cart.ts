/**
 * The cart (spec sections 3-5, D4, D21): squares grouped by game, kept in localStorage under
 * `squares_cart` in the spec's shape. Every change returns a new cart, so it can live in React
 * state and be saved as is. Its prices are for display; the server prices every order itself.
 */
import { CLASSIC_SHAPE, isSquareOf } from './board-shape';
import type { Coordinate } from './grid';
import { sameSquare, squareKey } from './grid';
import { CART_PAYMENT_ERRORS, DUPLICATE_SQUARE, INVALID_CART_ITEMS } from './messages';
import { dollarsToCents, isWholeDollars } from './money';
import type { ValidationResult } from './validation-result';
import { MAX_PRICE_DOLLARS, MIN_PRICE_DOLLARS } from './validation';
import { countOf } from './text';

/**
 * A square any board could have (D36: every shape fits in the 10 x 10 one). The cart does not know
 * each game's shape; the server checks each square against its game's board at checkout.
 */
function isBoardPosition(value: unknown): value is Coordinate {
  return isSquareOf(CLASSIC_SHAPE, value);
}

/** The localStorage key the spec names. */
export const CART_STORAGE_KEY = 'squares_cart';

export interface CartItem {
  readonly game_id: string;
  readonly game_title: string;
  /** Whole dollars, display only (D4). */
  readonly price_per_square: number;
  readonly squares: readonly Coordinate[];
}

/** Games in the order they were first added; never an entry without squares. */
export type Cart = readonly CartItem[];

/** The game a square is added for. */
export type CartGame = Pick<CartItem, 'game_id' | 'game_title' | 'price_per_square'>;

export type AddSquareResult =
  { readonly result: 'added'; readonly cart: Cart } | { readonly result: 'duplicate'; readonly cart: Cart; readonly message: string };

/** True when the square of that game is in the cart. */
export function hasSquare(cart: Cart, gameId: string, square: Coordinate): boolean {
  return cart.some((item) => item.game_id === gameId && item.squares.some((s) => sameSquare(s, square)));
}

/**
 * Adds a square: a game not yet in the cart gets a new entry; a square already there is
 * refused with "This square is already in your cart.". The game's title and price are
 * refreshed from `game`, the latest the client has seen.
 */
export function addSquare(cart: Cart, game: CartGame, square: Coordinate): AddSquareResult {
  if (!isBoardPosition(square)) throw new RangeError(`Not a square of the board: ${JSON.stringify(square)}`);
  if (hasSquare(cart, game.game_id, square)) return { result: 'duplicate', cart, message: DUPLICATE_SQUARE };
  // Only x and y are kept, so what is saved is exactly what is restored.
  const added = { x: square.x, y: square.y };
  const existing = cart.find((item) => item.game_id === game.game_id);
  const updated: CartItem = {
    game_id: game.game_id,
    game_title: game.game_title,
    price_per_square: game.price_per_square,
    squares: [...(existing?.squares ?? []), added],
  };
  return {
    result: 'added',
    cart: existing ? cart.map((item) => (item === existing ? updated : item)) : [...cart, updated],
  };
}

/** Removes a square; removing a game's last square removes the game's entry. */
export function removeSquare(cart: Cart, gameId: string, square: Coordinate): Cart {
  return cart.flatMap((item) => {
    if (item.game_id !== gameId) return [item];
    const squares = item.squares.filter((s) => !sameSquare(s, square));
    return squares.length > 0 ? [{ ...item, squares }] : [];
  });
}

/** Removes a game with all its squares. */
export function removeGame(cart: Cart, gameId: string): Cart {
  return cart.filter((item) => item.game_id !== gameId);
}

/** The empty cart (Clear Cart, and after a successful payment). */
export function clearCart(): Cart {
  return [];
}

/** The text saved under CART_STORAGE_KEY. */
export function serializeCart(cart: Cart): string {
  return JSON.stringify(cart);
}

function isCartPrice(value: unknown): value is number {
  return isWholeDollars(value) && value >= MIN_PRICE_DOLLARS && value <= MAX_PRICE_DOLLARS;
}

/**
 * The cart saved under CART_STORAGE_KEY. Missing, unparsable or wrongly shaped text gives an
 * empty cart (spec: an unparsable saved cart is discarded); entries and squares that are not
 * valid are dropped, repeated squares kept once, and entries of the same game merged.
 */
export function parseCart(saved: string | null): Cart {
  if (saved === null) return [];
  let data: unknown;
  try {
    data = JSON.parse(saved);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  let cart: Cart = [];
  for (const entry of data as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { game_id, game_title, price_per_square, squares } = entry as Record<string, unknown>;
    if (typeof game_id !== 'string' || game_id === '' || typeof game_title !== 'string') continue;
    if (!isCartPrice(price_per_square) || !Array.isArray(squares)) continue;
    const game = { game_id, game_title, price_per_square };
    for (const square of squares as unknown[]) {
      if (isBoardPosition(square)) cart = addSquare(cart, game, square).cart;
    }
  }
  return cart;
}

export interface CartTotals {
  readonly squareCount: number;
  /** What the cart shows and the Pay button says; the server's own price decides the charge. */
  readonly totalCents: number;
}

/** Number of squares and their total price in cents. */
export function cartTotals(cart: Cart): CartTotals {
  let squareCount = 0;
  let totalCents = 0;
  for (const item of cart) {
    squareCount += item.squares.length;
    totalCents += dollarsToCents(item.price_per_square) * item.squares.length;
  }
  return { squareCount, totalCents };
}

/**
 * The check before payment, on the client and on the server's copy of the cart: an empty cart
 * is "Your cart is empty"; an entry without a game id, a square or a valid whole-dollar price,
 * with a square off the board or a square twice, or a game listed twice makes it invalid.
 */
export function validateForPayment(cart: unknown): ValidationResult<Cart> {
  const invalid = { ok: false, message: INVALID_CART_ITEMS } as const;
  if (!Array.isArray(cart)) return invalid;
  if (cart.length === 0) return { ok: false, message: CART_PAYMENT_ERRORS.cartEmpty };
  const gameIds = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of cart as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return invalid;
    const { game_id, game_title, price_per_square, squares } = entry as Record<string, unknown>;
    if (typeof game_id !== 'string' || game_id === '' || gameIds.has(game_id)) return invalid;
    if (!isCartPrice(price_per_square) || !Array.isArray(squares) || squares.length === 0) return invalid;
    if (!squares.every(isBoardPosition)) return invalid;
    if (new Set(squares.map(squareKey)).size !== squares.length) return invalid;
    gameIds.add(game_id);
    items.push({
      game_id,
      game_title: typeof game_title === 'string' ? game_title : '',
      price_per_square,
      squares: squares.map(({ x, y }) => ({ x, y })),
    });
  }
  return { ok: true, value: items };
}

/** The payment call's gameId: the one game's id, "multiple" for several games, null when empty. */
export function checkoutGameId(cart: Cart): string | null {
  if (cart.length === 0) return null;
  return cart.length === 1 ? (cart[0] as CartItem).game_id : 'multiple';
}

/** The payment description listing titles and square counts: "Super Bowl (3 squares), Office Pool (1 square)". */
export function checkoutDescription(cart: Cart): string {
  return cart.map(({ game_title, squares }) => `${game_title} (${countOf(squares.length, 'square')})`).join(', ');
}
