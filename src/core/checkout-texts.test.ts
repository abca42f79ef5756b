import { describe, expect, it } from 'vitest';
import { isClosedWithoutPayment, successClosedText, testCheckoutClosedTexts, waitingClosedText } from './checkout-texts';

describe('texts for a checkout that ended', () => {
  it('knows which end states took no money', () => {
    expect(['declined', 'expired', 'cancelled'].every(isClosedWithoutPayment)).toBe(true);
    expect(['open', 'fulfilled', 'refunded', 'paid'].some(isClosedWithoutPayment)).toBe(false);
  });

  it('the waiting panel speaks of your squares', () => {
    expect(waitingClosedText('declined')).toBe('Your card was declined, so no money was taken. Your squares were released.');
    expect(waitingClosedText('expired')).toBe('The payment page expired before a payment was made. No money was taken and your squares were released.');
    expect(waitingClosedText('cancelled')).toBe('The payment was cancelled. No money was taken and your squares were released.');
  });

  it('the success page speaks of the squares and tells anything else as cancelled', () => {
    expect(successClosedText('declined')).toBe('Your card was declined, so no money was taken. The squares were released; you can try again from your cart.');
    expect(successClosedText('expired')).toBe('The payment page expired before a payment was made. No money was taken and the squares were released.');
    expect(successClosedText('cancelled')).toBe('The payment was cancelled. No money was taken and the squares were released.');
    expect(successClosedText('failed')).toBe(successClosedText('cancelled'));
  });

  it("the test checkout's card page: paid leads to My Squares, everything else back to the cart", () => {
    expect(testCheckoutClosedTexts('paid')).toEqual({
      title: 'Already paid',
      message: 'This checkout is already paid. Your squares are on My Squares.',
      link: { to: '/my-squares', label: 'View My Squares' },
    });
    expect(testCheckoutClosedTexts('declined').title).toBe('Card declined');
    expect(testCheckoutClosedTexts('expired').message).toBe(
      'This payment page has expired. No money was taken and the squares were released; start again from your cart.',
    );
    expect(testCheckoutClosedTexts('cancelled').message).toBe('This checkout was cancelled. No money was taken; start again from your cart.');
    for (const status of ['declined', 'expired', 'cancelled', 'replaced'])
      expect(testCheckoutClosedTexts(status).link).toEqual({ to: '/cart', label: 'Back to Cart' });
    expect(testCheckoutClosedTexts('replaced')).toMatchObject({
      title: 'Checkout closed',
      message: 'This checkout no longer takes payment. No money was taken; start again from your cart.',
    });
  });
});
