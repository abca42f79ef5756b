/**
 * Checkout as the API speaks it (spec section 7 "Payment", D21, D22). The server prices every
 * order itself from the database (D4); the client's cart is only a list of squares.
 *
 * - POST /api/checkout              CheckoutRequest → 201 CheckoutCreated; 409 SQUARES_UNAVAILABLE
 *                                    (`squares`: UnavailableSquare[]), 409 HOLD_LIMIT
 * - GET  /api/checkout/:id          → CheckoutResponse (the buyer's own; asking while open makes the
 *                                    server ask the provider, D21)
 * - GET  /api/me/checkout           → OpenCheckoutsResponse
 * - POST /api/checkout/:id/cancel   → CheckoutResponse
 */
import { z } from 'zod';
import { errorBodySchema } from './errors';
import { INVALID_CART_ITEMS } from '../messages';
import { cartSchema, checkoutNotesSchema } from '../schemas';
import { cents, int, list, timestamp, type Contract, type RequestOf } from './contract';

/** The cart (checked by validateForPayment) and the notes typed on /payment, stored with the order (D21). */
export const checkoutRequestSchema = z.object({ cart: cartSchema, notes: checkoutNotesSchema }, { error: INVALID_CART_ITEMS });
export type CheckoutRequest = RequestOf<typeof checkoutRequestSchema>;

/** 201 answer of POST /api/checkout: the payment page to open in a new tab. */

/**
 * open: waiting for payment (squares held). fulfilled: paid and claimed. expired / cancelled /
 * declined: no payment, holds released. refunded: paid but could not claim every square, so
 * refunded in full (D21).
 */
const CHECKOUT_STATUSES = ['open', 'fulfilled', 'expired', 'cancelled', 'declined', 'refunded'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

const checkoutSquareSchema = z.object({ game_id: z.string(), game_title: z.string(), x: int, y: int, price_cents: cents });
export type CheckoutSquare = Contract<typeof checkoutSquareSchema>;

/** D28: how to pay the organizer of one game of a reservation. */
const organizerPaymentSchema = z.object({
  game_id: z.string(),
  title: z.string(),
  payment_instructions: z.string().nullable(),
  /** Unpaid squares are released then; null for never. */
  pay_by: timestamp.nullable(),
  /** D49: the game's zone, in which the pay-by time is shown (null for a game made before zones). */
  time_zone: z.string().nullable(),
});

/** D28: the organizer-collects part of a cart, the buyer's at once and unpaid until the organizer marks it paid. */
const reservationSchema = z.object({
  order_id: z.string(),
  amount_cents: cents,
  squares: list(checkoutSquareSchema),
  games: list(organizerPaymentSchema),
});
export type Reservation = Contract<typeof reservationSchema>;

/**
 * POST /api/checkout's answer. A cart may mix the two ways of paying (D28), each part all or
 * nothing: the card part (checkout_id, url and expires_at; null without one) opens the card
 * page, the organizer-collects part is reserved at once. When the card part went ahead but the
 * reservation was refused, `reservation_error` says why (the card part stands).
 */
export const checkoutCreatedSchema = z.object({
  checkout_id: z.string().nullable(),
  url: z.string().nullable(),
  /** The card part's amount (0 without one). */
  amount_cents: cents,
  /** The single game's id, or "multiple" (spec). */
  game_id: z.string(),
  expires_at: timestamp.nullable(),
  reservation: reservationSchema.nullable(),
  reservation_error: errorBodySchema.shape.error.nullable(),
});
export type CheckoutCreated = Contract<typeof checkoutCreatedSchema>;

const checkoutViewSchema = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  amount_cents: cents,
  description: z.string(),
  squares: list(checkoutSquareSchema),
  expires_at: timestamp,
  refund_reason: z.string().nullable(),
});
export type CheckoutView = Contract<typeof checkoutViewSchema>;

export const checkoutResponseSchema = z.object({ checkout: checkoutViewSchema });

/**
 * One of the buyer's own open checkouts (D21): its squares are held for the buyer until it ends,
 * and never block them. GET /api/me/checkout lists them, newest first.
 */
const openCheckoutSchema = z.object({
  id: z.string(),
  /** The payment page to resume while it still takes payment; null when it cannot be resumed now. */
  url: z.string().nullable(),
  amount_cents: cents,
  /** When the payment page stops taking payment. */
  expires_at: timestamp,
  created_at: timestamp,
  squares: list(checkoutSquareSchema),
});
export type OpenCheckout = Contract<typeof openCheckoutSchema>;

export const openCheckoutsResponseSchema = z.object({ checkouts: list(openCheckoutSchema) });
export type OpenCheckoutsResponse = Contract<typeof openCheckoutsResponseSchema>;

/**
 * 409 SQUARES_UNAVAILABLE lists the squares someone else holds or owns in `squares`. Its type is
 * what both sides use.
 * @public
 */
export const unavailableSquareSchema = z.object({ game_id: z.string(), x: int, y: int });
export type UnavailableSquare = Contract<typeof unavailableSquareSchema>;
