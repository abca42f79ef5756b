import { describe, expect, test } from 'vitest';
import {
  CARD_MESSAGES,
  cardErrors,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  passesLuhn,
  TEST_CARDS,
} from './card-form';

const june2026 = new Date(2026, 5, 15);

describe('card form formatting', () => {
  test('card numbers are grouped by four as typed, digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('4242-4242')).toBe('4242 4242');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });

  test('expiry becomes MM/YY; a first digit 2-9 is a month on its own', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('0')).toBe('0');
  });

  test('CVC keeps up to four digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});

describe('card form checks', () => {
  test("Stripe's test cards pass the Luhn check; a typo does not", () => {
    expect(passesLuhn(TEST_CARDS.pays.replace(/\s/g, ''))).toBe(true);
    expect(passesLuhn(TEST_CARDS.declined.replace(/\s/g, ''))).toBe(true);
    expect(cardNumberError('4242 4242 4242 4241')).toBe(CARD_MESSAGES.numberInvalid);
    expect(cardNumberError('4242 4242')).toBe(CARD_MESSAGES.numberIncomplete);
    expect(cardNumberError(TEST_CARDS.pays)).toBeNull();
  });

  test('expiry must be a real month, this month or later', () => {
    expect(expiryError('06/26', june2026)).toBeNull();
    expect(expiryError('12/30', june2026)).toBeNull();
    expect(expiryError('05/26', june2026)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryError('13/27', june2026)).toBe(CARD_MESSAGES.expiryMonthInvalid);
    expect(expiryError('00/27', june2026)).toBe(CARD_MESSAGES.expiryMonthInvalid);
    expect(expiryError('1/27', june2026)).toBe(CARD_MESSAGES.expiryIncomplete);
    expect(expiryError('', june2026)).toBe(CARD_MESSAGES.expiryIncomplete);
  });

  test('CVC is 3 or 4 digits', () => {
    expect(cvcError('123')).toBeNull();
    expect(cvcError('1234')).toBeNull();
    expect(cvcError('12')).toBe(CARD_MESSAGES.cvcIncomplete);
  });

  test('cardErrors names every field that is not ready, and none for a good card', () => {
    expect(cardErrors({ name: ' ', number: '', expiry: '', cvc: '' }, june2026)).toEqual({
      name: CARD_MESSAGES.nameRequired,
      number: CARD_MESSAGES.numberIncomplete,
      expiry: CARD_MESSAGES.expiryIncomplete,
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
    expect(cardErrors({ name: 'Pat Buyer', number: TEST_CARDS.pays, expiry: '12/30', cvc: '123' }, june2026)).toEqual({});
  });
});
