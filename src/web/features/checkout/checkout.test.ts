import { CART_PAYMENT_ERRORS } from '@core/messages';
import { describe, expect, test } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  checkoutFailure,
  checkoutGameIdOf,
  checkoutPageUrl,
  heldForMe,
  paymentSuccessPath,
  pollDelay,
  unavailableSquareLabel,
  unavailableSquares,
} from './checkout';

const cart = [{ game_id: 'g1', game_title: 'Super Bowl', price_per_square: 10, squares: [{ x: 3, y: 7 }] }];

describe('checkoutFailure (spec section 8 "Cart and payment")', () => {
  test('401 asks to log in', () => {
    expect(checkoutFailure(new ApiError(401, 'UNAUTHORIZED', 'Please log in to continue.'))).toEqual({
      kind: 'login',
      message: CART_PAYMENT_ERRORS.loginRequired,
    });
  });

  test('409 SQUARES_UNAVAILABLE carries the squares, named by their game in the cart', () => {
    const error = new ApiError(409, 'SQUARES_UNAVAILABLE', 'Some squares are no longer available.', {
      squares: [{ game_id: 'g1', x: 3, y: 7 }, { game_id: 'g2', x: 0, y: 0 }, { nonsense: true }],
    });
    const failure = checkoutFailure(error);
    expect(failure.kind).toBe('unavailable');
    expect(unavailableSquares(error)).toEqual([
      { game_id: 'g1', x: 3, y: 7 },
      { game_id: 'g2', x: 0, y: 0 },
    ]);
    // D14: positions people read are counted from 1 (issue 11 item 4).
    expect(unavailableSquareLabel({ game_id: 'g1', x: 3, y: 7 }, cart)).toBe('Super Bowl (Row 4, column 8)');
    expect(unavailableSquareLabel({ game_id: 'g2', x: 0, y: 0 }, cart)).toBe('Row 1, column 1');
  });

  test("the provider failing is the spec's session message; no answer is the initialize message", () => {
    expect(checkoutFailure(new ApiError(502, 'PAYMENT_PROVIDER_ERROR', 'x')).message).toBe(CART_PAYMENT_ERRORS.createSessionFailed);
    expect(checkoutFailure(new ApiError(0, 'NETWORK_ERROR', 'x')).message).toBe(CART_PAYMENT_ERRORS.initializeFailed);
    expect(checkoutFailure(new ApiError(500, 'INTERNAL', 'x')).message).toBe(CART_PAYMENT_ERRORS.initializeFailed);
    expect(checkoutFailure(new TypeError('boom')).message).toBe(CART_PAYMENT_ERRORS.initializeFailed);
  });

  test("the server's own words for a closed game or unconfigured payments", () => {
    expect(checkoutFailure(new ApiError(409, 'GAME_CLOSED', 'Super Bowl is no longer selling squares.')).message).toBe(
      'Super Bowl is no longer selling squares.',
    );
    expect(checkoutFailure(new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', 'Card payments are not configured.')).message).toBe(
      'Card payments are not configured.',
    );
  });
});

describe('checkout helpers', () => {
  test('only http(s) addresses are opened; relative ones resolve against our origin', () => {
    expect(checkoutPageUrl('https://checkout.stripe.com/c/pay/cs_1', 'http://localhost:3000')).toBe('https://checkout.stripe.com/c/pay/cs_1');
    expect(checkoutPageUrl('/checkout/test/abc', 'http://localhost:3000')).toBe('http://localhost:3000/checkout/test/abc');
    expect(checkoutPageUrl('javascript:alert(1)', 'http://localhost:3000')).toBeNull();
    expect(checkoutPageUrl('', 'http://localhost:3000')).toBeNull();
    expect(checkoutPageUrl(undefined, 'http://localhost:3000')).toBeNull();
  });

  test('the success path has the provider success_url shape', () => {
    expect(paymentSuccessPath('g1', 'c1')).toBe('/payment-success?game_id=g1&checkout_id=c1');
    expect(paymentSuccessPath('multiple', 'c1')).toBe('/payment-success?game_id=multiple&checkout_id=c1');
  });

  test('polling starts at about 1.5 s and backs off to at most 10 s', () => {
    expect([0, 1, 2, 3, 4].map(pollDelay)).toEqual([1500, 1500, 1500, 1500, 1500]);
    expect(pollDelay(5)).toBeGreaterThan(1500);
    expect(pollDelay(6)).toBeGreaterThan(pollDelay(5));
    expect(pollDelay(50)).toBe(10_000);
  });
});

describe("the buyer's open checkouts (D21)", () => {
  const square = (game_id: string, x: number, y: number) => ({ game_id, game_title: game_id, x, y, price_cents: 1000 });
  const open = (id: string, squares: ReturnType<typeof square>[]) => ({ id, url: null, amount_cents: 0, expires_at: '', created_at: '', squares });

  test('heldForMe names the squares of one game held by any of them', () => {
    const checkouts = [open('c1', [square('g1', 4, 8), square('g2', 1, 1)]), open('c2', [square('g1', 0, 0)])];
    expect([...heldForMe(checkouts, 'g1')].sort()).toEqual(['0,0', '4,8']);
    expect([...heldForMe(checkouts, 'g3')]).toEqual([]);
    expect([...heldForMe(undefined, 'g1')]).toEqual([]);
  });

  test('checkoutGameIdOf is the one game, or "multiple"', () => {
    expect(checkoutGameIdOf([square('g1', 0, 0), square('g1', 1, 1)])).toBe('g1');
    expect(checkoutGameIdOf([square('g1', 0, 0), square('g2', 1, 1)])).toBe('multiple');
    expect(checkoutGameIdOf([])).toBeNull();
  });
});
