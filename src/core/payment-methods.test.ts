import { describe, expect, it } from 'vitest';
import { ORGANIZER_PAYMENT_ERRORS } from './messages';
import { paymentTotals, potCollectedText, validatePayBy, validatePaymentInstructions } from './payment-methods';

describe('payment instructions (D28)', () => {
  it('are optional, multi-line, trimmed, and at most 500 characters of allowed text', () => {
    expect(validatePaymentInstructions(null)).toEqual({ ok: true, value: null });
    expect(validatePaymentInstructions('   ')).toEqual({ ok: true, value: null });
    expect(validatePaymentInstructions('  Venmo @coach-k\nCash to Pat  ')).toEqual({ ok: true, value: 'Venmo @coach-k\nCash to Pat' });
    expect(validatePaymentInstructions('x'.repeat(500)).ok).toBe(true);
    expect(validatePaymentInstructions('x'.repeat(501))).toEqual({ ok: false, message: ORGANIZER_PAYMENT_ERRORS.instructionsTooLong });
    expect(validatePaymentInstructions('Pay \u200bme')).toEqual({ ok: false, message: ORGANIZER_PAYMENT_ERRORS.instructionsNotAllowed });
  });
});

describe('pay-by time (D28)', () => {
  it('takes an ISO date-time with its zone and gives the instant; blank is none', () => {
    expect(validatePayBy(null)).toEqual({ ok: true, value: null });
    expect(validatePayBy('')).toEqual({ ok: true, value: null });
    expect(validatePayBy('2030-01-02T18:00:00Z')).toEqual({ ok: true, value: '2030-01-02T18:00:00.000Z' });
    expect(validatePayBy('2030-01-02T18:00-05:00')).toEqual({ ok: true, value: '2030-01-02T23:00:00.000Z' });
  });

  it.each(['tomorrow', '2030-01-02', '2030-01-02T18:00', '2030-13-02T18:00:00Z', '2030-01-02 18:00:00Z', '1e12'])('refuses %j', (raw) => {
    expect(validatePayBy(raw)).toEqual({ ok: false, message: ORGANIZER_PAYMENT_ERRORS.payByInvalid });
  });
});

describe('payment totals', () => {
  it('adds what is due, paid and unpaid at the game price', () => {
    expect(paymentTotals([{ paid: true }, { paid: false }, { paid: false }], 1000)).toEqual({ dueCents: 3000, paidCents: 1000, unpaidCents: 2000 });
    expect(paymentTotals([], 1000)).toEqual({ dueCents: 0, paidCents: 0, unpaidCents: 0 });
  });
});

describe('potCollectedText (D47)', () => {
  it('says what an organizer has collected of the pot, nothing for a card game', () => {
    expect(potCollectedText({ payment_method: 'organizer', total_pot_cents: 90000, collected_cents: 87000 })).toBe('collected $870.00 of $900.00');
    expect(potCollectedText({ payment_method: 'card', total_pot_cents: 90000, collected_cents: 90000 })).toBeNull();
  });
});
