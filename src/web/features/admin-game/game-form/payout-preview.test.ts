import { describe, expect, it } from 'vitest';
import { payoutRules } from '@core/payouts';
import { GAME_FORM_DEFAULTS } from '@core/schemas';
import { type GameFormState, toFormState } from './game-form-state';
import { payoutPreview, typedSharesTotal } from './payout-preview';

/** The create form's payout fields as they start (the rest of the form may still be empty). */
function typed(changes: Partial<GameFormState> = {}): GameFormState {
  return { ...toFormState({ ...GAME_FORM_DEFAULTS, time_zone: 'UTC' }), ...changes };
}

describe('the custom shares’ live sum', () => {
  it('adds the typed shares and the organizer’s', () => {
    expect(typedSharesTotal({ payout_shares: ['25', '25', '25', '25'], organizer_percent: '0' })).toBe(100);
    expect(typedSharesTotal({ payout_shares: ['50', '60'], organizer_percent: ' 10 ' })).toBe(120);
  });

  it('says nothing while a share is blank or not a whole number', () => {
    expect(typedSharesTotal({ payout_shares: ['25', '', '25', '25'], organizer_percent: '25' })).toBeNull();
    expect(typedSharesTotal({ payout_shares: ['25', '25', '25', '25'], organizer_percent: '2.5' })).toBeNull();
  });
});

describe('the payout preview: a full board at the typed price (D34)', () => {
  it('is the one plan at the pot of every square sold', () => {
    expect(payoutPreview(typed())).toEqual({ ...payoutRules(100000, 'even'), priceCents: 1000 });
    const small = payoutPreview(typed({ price_per_square: '7', board_size: '25', payout_schedule: 'organizer-20' }));
    expect([small?.priceCents, small?.potCents, small?.organizer?.cents]).toEqual([700, 17500, 3500]);
  });

  it('pays custom shares to the organizer share by its name, "Organizer" while it is blank', () => {
    const custom = typed({ payout_schedule: 'custom', payout_shares: ['10', '20', '30', '30'], organizer_percent: '10' });
    expect(payoutPreview({ ...custom, organizer_label: ' Food Bank ' })?.organizer).toEqual({ percent: 10, cents: 10000, label: 'Food Bank' });
    expect(payoutPreview({ ...custom, organizer_label: '' })?.organizer?.label).toBe('Organizer');
    expect(payoutPreview(custom)?.periods.map(({ cents }) => cents)).toEqual([10000, 20000, 30000, 30000]);
  });

  it('shows nothing while the price would be refused', () => {
    for (const price of ['', '0', '10.5', 'ten', '10001', '1e1']) expect(payoutPreview(typed({ price_per_square: price }))).toBeNull();
  });

  it('shows nothing while the custom shares would be refused', () => {
    expect(payoutPreview(typed({ payout_schedule: 'custom', payout_shares: ['50', '60', '0', '0'], organizer_percent: '0' }))).toBeNull();
    expect(payoutPreview(typed({ payout_schedule: 'custom', payout_shares: ['25', '', '25', '25'], organizer_percent: '25' }))).toBeNull();
  });

  it('reads only the payout fields: an empty title or team does not hide it', () => {
    expect(payoutPreview(typed({ title: '', team_a: '', team_b: '' }))).not.toBeNull();
  });
});
