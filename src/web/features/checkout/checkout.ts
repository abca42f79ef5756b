/**
 * Checkout from the web app (spec section 7 "Payment"; D21, D22): start a checkout for the cart,
 * follow its status until the server has fulfilled it, the buyer's squares and refunds, and the
 * built-in test checkout's card page (trial mode).
 */
import type { Cart } from '@core/cart';
import type {
  CheckoutCreated,
  CheckoutRequest,
  CheckoutSquare,
  CheckoutStatus,
  CheckoutView,
  OpenCheckout,
  OpenCheckoutsResponse,
  UnavailableSquare,
} from '@core/api/checkout';
import type { TestCardRequest, TestCheckoutSession, TestCheckoutRedirect } from '@core/api/test-checkout';
import { CLASSIC_SHAPE, isSquareOf } from '@core/board-shape';
import { squareKey, squarePositionLabel } from '@core/grid';
import { CART_PAYMENT_ERRORS } from '@core/messages';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, isServerMessage } from '@/lib/api';

// The checkout pages' times and closed-checkout texts travel with the checkout API (one chunk: no
// extra file for the first page's loader to list).
export type { TestCheckoutSession };
export type { CheckoutCreated, CheckoutSquare, CheckoutView, OpenCheckout, UnavailableSquare };

export const checkoutKeys = {
  all: ['checkout'] as const,
  detail: (id: string) => [...checkoutKeys.all, 'detail', id] as const,
  open: ['checkout', 'open'] as const,
  testSession: (id: string) => [...checkoutKeys.all, 'test', id] as const,
};

// --- The app's own checkout -------------------------------------------------------------------

/** POST /api/checkout: holds the cart's squares and returns the payment page (201). */
export function createCheckout(input: CheckoutRequest): Promise<CheckoutCreated> {
  return api.post<CheckoutCreated>('/api/checkout', input);
}

/** GET /api/checkout/:id (the buyer's own). While open, the server asks the provider first (D21). */
function fetchCheckout(id: string, signal?: AbortSignal): Promise<CheckoutView> {
  return api.get<{ checkout: CheckoutView }>(`/api/checkout/${encodeURIComponent(id)}`, signal).then((b) => b.checkout);
}

// --- The buyer's own open checkout (D21) ------------------------------------------------------

/** Where /payment keeps, per tab, the checkout whose page it opened (so a reload keeps its waiting panel). */
export const PENDING_CHECKOUT_KEY = 'squares_pending_checkout';

/** This tab stops waiting for a checkout that was cancelled (started again). */
export function forgetPendingCheckout(checkoutId: string): void {
  try {
    const text = window.sessionStorage.getItem(PENDING_CHECKOUT_KEY);
    if (text && (JSON.parse(text) as { checkout_id?: unknown }).checkout_id === checkoutId) window.sessionStorage.removeItem(PENDING_CHECKOUT_KEY);
  } catch {
    // Only a convenience for reloads.
  }
}

/** GET /api/me/checkout: the buyer's open checkouts, newest first (the server asks the provider first). */
function fetchOpenCheckouts(signal?: AbortSignal): Promise<readonly OpenCheckout[]> {
  return api.get<OpenCheckoutsResponse>('/api/me/checkout', signal).then((body) => body.checkouts);
}

/**
 * The buyer's open checkouts, read again whenever the page opens or the window regains focus
 * (the buyer comes back from the payment tab).
 */
export function useOpenCheckouts(enabled = true) {
  return useQuery({
    queryKey: checkoutKeys.open,
    queryFn: ({ signal }) => fetchOpenCheckouts(signal),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 3,
  });
}

/** POST /api/checkout/:id/cancel: the checkout as it is once ended (fulfilled if it was paid after all). */
export function cancelCheckout(id: string): Promise<CheckoutView> {
  return api.post<{ checkout: CheckoutView }>(`/api/checkout/${encodeURIComponent(id)}/cancel`, {}).then((b) => b.checkout);
}

/** The squares of one game that the buyer's open checkouts hold, by square key. */
export function heldForMe(checkouts: readonly OpenCheckout[] | undefined, gameId: string): Set<string> {
  const keys = new Set<string>();
  for (const checkout of checkouts ?? []) {
    for (const square of checkout.squares) if (square.game_id === gameId) keys.add(squareKey(square));
  }
  return keys;
}

/** A checkout's squares by game, in the order they come, each game with its title. */
export function squaresByGame(squares: readonly CheckoutSquare[]): [string, { title: string; squares: CheckoutSquare[] }][] {
  const games = new Map<string, { title: string; squares: CheckoutSquare[] }>();
  for (const square of squares) {
    const game = games.get(square.game_id) ?? { title: square.game_title, squares: [] };
    game.squares.push(square);
    games.set(square.game_id, game);
  }
  return [...games];
}

/** The game id the success page takes for these squares: the one game's, or "multiple" (spec). */
export function checkoutGameIdOf(squares: readonly CheckoutSquare[]): string | null {
  const games = new Set(squares.map((square) => square.game_id));
  if (games.size === 0) return null;
  return games.size === 1 ? ([...games][0] as string) : 'multiple';
}

/** True once nothing more will happen to the checkout by waiting. */
function isSettled(status: CheckoutStatus): boolean {
  return status !== 'open';
}

/** How long the status is followed before the page stops asking on its own (it offers "Check again"). */
export const POLL_WINDOW_MS = 3 * 60_000;

/**
 * The wait before the next status check: about 1.5 s for the first few checks (a test card or
 * a webhook confirms within seconds), then growing by half each time up to 10 s.
 */
export function pollDelay(checksSoFar: number): number {
  const base = 1500;
  if (checksSoFar < 5) return base;
  return Math.min(10_000, Math.round(base * 1.5 ** (checksSoFar - 4)));
}

/**
 * Follows a checkout while it is open: polls with pollDelay for POLL_WINDOW_MS from `since`,
 * then stops (the caller may refetch). `enabled: false` only reads what the cache has.
 */
export function useCheckoutStatus(id: string | null, options: { enabled?: boolean; since?: number } = {}) {
  const { enabled = true, since } = options;
  return useQuery({
    queryKey: checkoutKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchCheckout(id as string, signal),
    enabled: Boolean(id) && enabled,
    staleTime: 0,
    // 401 and 404 will not change by asking again; anything else is retried a few times.
    retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 3,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && isSettled(status)) return false;
      if (query.state.error && !query.state.data) return false;
      if (since !== undefined && Date.now() - since > POLL_WINDOW_MS) return false;
      return pollDelay(query.state.dataUpdateCount);
    },
    refetchIntervalInBackground: true,
  });
}

/** The path of the spec's success page for a checkout (the provider's success_url has the same shape). */
export function paymentSuccessPath(gameId: string | null, checkoutId: string): string {
  const params = new URLSearchParams();
  if (gameId) params.set('game_id', gameId);
  params.set('checkout_id', checkoutId);
  return `/payment-success?${params.toString()}`;
}

/**
 * The checkout page's address, when it is one a browser tab may be sent to: an http(s) URL
 * (relative ones resolve against our origin). Anything else (javascript:, garbage) is null.
 */
export function checkoutPageUrl(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

// --- Errors of POST /api/checkout ------------------------------------------------------------

/** The squares of a 409 SQUARES_UNAVAILABLE answer (someone else holds or owns them). */
export function unavailableSquares(error: unknown): UnavailableSquare[] {
  if (!isApiError(error) || error.code !== 'SQUARES_UNAVAILABLE') return [];
  const squares = error.details.squares;
  if (!Array.isArray(squares)) return [];
  return squares.filter((s): s is UnavailableSquare => isSquareOf(CLASSIC_SHAPE, s) && typeof (s as { game_id?: unknown }).game_id === 'string');
}

/** "Super Bowl (Row 4, column 8)": a square named by its game's title in the cart and its position counted from 1 (D14). */
export function unavailableSquareLabel(square: UnavailableSquare, cart: Cart): string {
  const title = cart.find((item) => item.game_id === square.game_id)?.game_title;
  return title ? `${title} (${squarePositionLabel(square)})` : squarePositionLabel(square);
}

export type CheckoutFailure =
  { kind: 'login'; message: string } | { kind: 'unavailable'; message: string; squares: UnavailableSquare[] } | { kind: 'error'; message: string };

/**
 * What the payment page says when POST /api/checkout fails (spec section 8 "Cart and payment"):
 * 401 asks to log in; 409 SQUARES_UNAVAILABLE names the squares; a message the server wrote for
 * the buyer (game closed, cart invalid, payments not configured) is shown as is; a provider
 * failure is "Failed to create payment session"; anything else (no answer, a 500) is "Failed
 * to initialize payment. Please try again."
 */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (!isApiError(error)) return { kind: 'error', message: CART_PAYMENT_ERRORS.initializeFailed };
  if (error.status === 401) return { kind: 'login', message: CART_PAYMENT_ERRORS.loginRequired };
  if (error.code === 'SQUARES_UNAVAILABLE') {
    return { kind: 'unavailable', message: error.message, squares: unavailableSquares(error) };
  }
  if (error.code === 'PAYMENT_PROVIDER_ERROR') return { kind: 'error', message: CART_PAYMENT_ERRORS.createSessionFailed };
  if (error.code === 'PAYMENTS_NOT_CONFIGURED' && error.message) return { kind: 'error', message: error.message };
  if (error.status >= 400 && error.status < 500 && isServerMessage(error)) return { kind: 'error', message: error.message };
  return { kind: 'error', message: CART_PAYMENT_ERRORS.initializeFailed };
}

// --- Built-in test checkout (trial mode, D22) ---------------------------------------------------

export function useTestCheckoutSession(sessionId: string | undefined) {
  return useQuery({
    queryKey: checkoutKeys.testSession(sessionId ?? ''),
    queryFn: ({ signal }) => api.get<TestCheckoutSession>(`/api/checkout/test/${encodeURIComponent(sessionId as string)}`, signal),
    enabled: Boolean(sessionId),
    staleTime: 0,
  });
}

/** POST .../pay: 200 {redirect_url}; 402 CARD_DECLINED; 400/409 with the server's message. */
export function payTestCheckout(sessionId: string, card: TestCardRequest): Promise<TestCheckoutRedirect> {
  return api.post(`/api/checkout/test/${encodeURIComponent(sessionId)}/pay`, card);
}

/** POST .../cancel: {redirect_url} (the cart). */
export function cancelTestCheckout(sessionId: string): Promise<TestCheckoutRedirect> {
  return api.post(`/api/checkout/test/${encodeURIComponent(sessionId)}/cancel`, {});
}
