/**
 * Checkout as the API speaks it (spec section 7 "Payment", D21, D22). The server prices every
 * order itself from the database (D4); the client's cart is only a list of squares.
 */
import type { Cart } from './cart';
import type { Digit } from './grid';

/** POST /api/checkout */
export interface CheckoutRequest {
  readonly cart: Cart;
  /** The notes typed on /payment, stored with the order (D21). */
  readonly notes?: string;
}

/** 201 answer of POST /api/checkout: the payment page to open in a new tab. */
export interface CheckoutCreated {
  readonly checkout_id: string;
  readonly url: string;
  readonly amount_cents: number;
  /** The single game's id, or "multiple" (spec). */
  readonly game_id: string;
  readonly expires_at: string;
}

/**
 * open: waiting for payment (squares held). fulfilled: paid and claimed. expired / cancelled /
 * declined: no payment, holds released. refunded: paid but could not claim every square, so
 * refunded in full (D21).
 */
export type CheckoutStatus = 'open' | 'fulfilled' | 'expired' | 'cancelled' | 'declined' | 'refunded';

export interface CheckoutSquare {
  readonly game_id: string;
  readonly game_title: string;
  readonly x: number;
  readonly y: number;
  readonly price_cents: number;
}

/** GET /api/checkout/:id (the buyer's own). Asking while open makes the server ask the provider (D21). */
export interface CheckoutView {
  readonly id: string;
  readonly status: CheckoutStatus;
  readonly amount_cents: number;
  readonly description: string;
  readonly squares: readonly CheckoutSquare[];
  readonly expires_at: string;
  readonly refund_reason: string | null;
}

/**
 * One of the buyer's own open checkouts (D21): its squares are held for the buyer until it ends,
 * and never block them. GET /api/me/checkout lists them, newest first.
 */
export interface OpenCheckout {
  readonly id: string;
  /** The payment page to resume while it still takes payment; null when it cannot be resumed now. */
  readonly url: string | null;
  readonly amount_cents: number;
  /** When the payment page stops taking payment. */
  readonly expires_at: string;
  readonly created_at: string;
  readonly squares: readonly CheckoutSquare[];
}

/** GET /api/me/checkout */
export interface OpenCheckoutsResponse {
  readonly checkouts: readonly OpenCheckout[];
}

/** 409 SQUARES_UNAVAILABLE: the squares someone else holds or owns. */
export interface UnavailableSquare {
  readonly game_id: string;
  readonly x: number;
  readonly y: number;
}

/** GET /api/me/squares (spec: /my-squares, grouped by game). */
export interface MySquaresResponse {
  readonly games: readonly {
    readonly game_id: string;
    readonly title: string;
    readonly team_a: string;
    readonly team_b: string;
    readonly squares: readonly { readonly x: number; readonly y: number; readonly claimed_at: string }[];
    /**
     * The axis digits once numbers are drawn and revealed to players (D14, D16), else null: each
     * square's two digits are x_axis_numbers[x] (team A) and y_axis_numbers[y] (team B).
     */
    readonly numbers: { readonly x_axis_numbers: readonly Digit[]; readonly y_axis_numbers: readonly Digit[] } | null;
  }[];
  /**
   * Refunds, newest first: payments refunded in full because their squares could not all be
   * claimed (D21), and the part of a payment for a game that was deleted (D13; a checkout can have
   * several, one per game).
   */
  readonly refunds: readonly {
    readonly checkout_id: string;
    readonly amount_cents: number;
    readonly description: string;
    readonly reason: string;
    readonly refunded_at: string;
  }[];
}
