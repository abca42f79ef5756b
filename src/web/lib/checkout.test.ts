import { CART_PAYMENT_ERRORS } from '@core/messages';
import { describe, expect, test } from 'vitest';
import { ApiError } from './api';
import {
  checkoutFailure,
  checkoutPageUrl,
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
    expect(unavailableSquareLabel({ game_id: 'g1', x: 3, y: 7 }, cart)).toBe('Super Bowl (3, 7)');
    expect(unavailableSquareLabel({ game_id: 'g2', x: 0, y: 0 }, cart)).toBe('(0, 0)');
  });

  test("the provider failing is the spec's session message; no answer is the initialize message", () => {
    expect(checkoutFailure(new ApiError(502, 'PAYMENT_PROVIDER_ERROR', 'x')).message).toBe(
      CART_PAYMENT_ERRORS.createSessionFailed,
    );
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
    expect(checkoutPageUrl('https://checkout.stripe.com/c/pay/cs_1', 'http://localhost:3000')).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
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
