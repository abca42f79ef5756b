import { describe, expect, it } from 'vitest';
import { ORGANIZER_PAYMENT_ERRORS } from './messages';
import {
  markAsPaidLabel,
  notPaidYetSummary,
  owingFor,
  paymentInstructionsMissing,
  paymentTotals,
  potCollectedText,
  validatePayBy,
  validatePaymentInstructions,
} from './payment-methods';

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

describe('owingFor (D28)', () => {
  const organizer = {
    payment_method: 'organizer' as const,
    price_per_square_cents: 1000,
    pay_by: '2030-01-05T18:00:00.000Z',
    payment_instructions: 'Venmo @pat',
  };
  it('is the unpaid squares at the game price, with the pay-by time and instructions', () => {
    expect(owingFor(organizer, 3)).toEqual({ squares: 3, amount_cents: 3000, pay_by: '2030-01-05T18:00:00.000Z', instructions: 'Venmo @pat' });
  });
  it('is null when nothing is unpaid or the game is paid by card', () => {
    expect(owingFor(organizer, 0)).toBeNull();
    expect(owingFor({ ...organizer, payment_method: 'card' }, 2)).toBeNull();
  });
});

describe('potCollectedText (D47)', () => {
  it('says what an organizer has collected of the pot, nothing for a card game', () => {
    expect(potCollectedText({ payment_method: 'organizer', total_pot_cents: 90000, collected_cents: 87000 })).toBe('collected $870.00 of $900.00');
    expect(potCollectedText({ payment_method: 'card', total_pot_cents: 90000, collected_cents: 90000 })).toBeNull();
  });
});

describe('notPaidYetSummary (issue 23)', () => {
  it('names what is still owed and by how many people', () => {
    expect(notPaidYetSummary([])).toBeNull();
    expect(notPaidYetSummary([{ unpaid_cents: 0 }])).toBe('Everyone has paid');
    expect(notPaidYetSummary([{ unpaid_cents: 5000 }, { unpaid_cents: 0 }])).toBe('Not paid yet: $50.00 from 1 person');
    expect(notPaidYetSummary([{ unpaid_cents: 5000 }, { unpaid_cents: 5000 }, { unpaid_cents: 3000 }])).toBe('Not paid yet: $130.00 from 3 people');
  });
  it('names the sum an assignment marks paid', () => {
    expect(markAsPaidLabel(9, 1000)).toBe('Mark as paid: $90.00 for 9 squares');
    expect(markAsPaidLabel(1, 2500)).toBe('Mark as paid: $25.00 for 1 square');
  });
  it('requires instructions of organizer-collects games only', () => {
    expect(paymentInstructionsMissing('organizer', null)).toBe(true);
    expect(paymentInstructionsMissing('organizer', 'Cash to Sam')).toBe(false);
    expect(paymentInstructionsMissing('card', null)).toBe(false);
  });
});
