/**
 * The built-in test checkout's card page API (D22), in a trial without Stripe only:
 *
 * - GET  /api/checkout/test/:sessionId         → TestCheckoutSession
 * - POST /api/checkout/test/:sessionId/pay     TestCardRequest → TestCheckoutRedirect; 402 CARD_DECLINED;
 *                                              400/409 with the server's message
 * - POST /api/checkout/test/:sessionId/cancel  → TestCheckoutRedirect (the cart)
 */
import { z } from 'zod';
import { cents, int, list, timestamp, type Contract, type RequestOf } from './contract';

export const testSessionParams = z.object({ sessionId: z.string().max(200) });

export const testCheckoutSessionSchema = z.object({
  session_id: z.string(),
  amount_cents: cents,
  description: z.string(),
  /** "open" takes payment; anything else (paid, expired, cancelled, ...) is closed. */
  status: z.string(),
  expires_at: timestamp,
  lines: list(z.object({ name: z.string(), unit_amount_cents: cents, quantity: int })),
});
export type TestCheckoutSession = Contract<typeof testCheckoutSessionSchema>;

const cardText = z.string().max(200).default('');

export const testCardRequestSchema = z.object({ card_number: cardText, expiry: cardText, cvc: cardText, name: cardText });
export type TestCardRequest = RequestOf<typeof testCardRequestSchema>;

export const testCheckoutRedirectSchema = z.object({ redirect_url: z.string() });
export type TestCheckoutRedirect = Contract<typeof testCheckoutRedirectSchema>;
