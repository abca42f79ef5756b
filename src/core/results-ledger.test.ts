import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYOUT_SCHEDULE_IDS, PAYOUT_SCHEDULES } from './payout-plan';
import { periodPayoutCents } from '../../tests/support/payout-schedules';
import { type ConfirmedPeriod, ledgerTotals, resultsLedger, unclaimedText, winnerOwing, winnerOwingText, youWonText } from './results-ledger';
import { QUARTER_MODEL } from './periods';

const PERIODS_OF_QUARTERS = QUARTER_MODEL.periods;

describe('resultsLedger (D43, D24)', () => {
  it('says which quarters were won, unclaimed or still to play, and adds up to the pot', () => {
    // The designer's game: a $970 pot, Q1-Q3 won, the Final won by a square nobody bought.
    const confirmed: ConfirmedPeriod[] = [
      { period: 1, winner: 'CoachDana', payoutCents: 24250 },
      { period: 2, winner: 'bob', payoutCents: 24250 },
      { period: 3, winner: 'amy', payoutCents: 24250 },
      { period: 4, winner: null, payoutCents: 0 },
    ];
    const ledger = resultsLedger(97000, 'even', confirmed);
    expect(ledger.lines.map((line) => line.kind)).toEqual(['won', 'won', 'won', 'unclaimed']);
    expect(ledger.wonCents).toBe(72750);
    expect(ledger.unclaimedCents).toBe(24250);
    expect(ledger.toPlayCents).toBe(0);
    expect(ledger.wonCents + ledger.unclaimedCents + ledger.toPlayCents + ledger.organizerCents + ledger.remainderCents).toBe(97000);
  });

  it('counts the quarters not confirmed yet and the organizer share', () => {
    const ledger = resultsLedger(10001, 'organizer-20', [{ period: 1, winner: 'amy', payoutCents: 2000 }]);
    expect(ledger.lines.map((line) => line.kind)).toEqual(['won', 'to-play', 'to-play', 'to-play']);
    expect(ledger.toPlayCents).toBe(6000);
    expect(ledger.organizerCents).toBe(2000);
    expect(ledger.remainderCents).toBe(1);
  });

  it('always adds up to the pot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 * 1_000_000 }),
        fc.constantFrom(...PAYOUT_SCHEDULE_IDS),
        fc.subarray([...PERIODS_OF_QUARTERS]),
        fc.boolean(),
        (pot, schedule, periods, unclaimed) => {
          const base = resultsLedger(pot, schedule, []);
          const confirmed = periods.map((period) => ({
            period,
            winner: unclaimed && period % 2 === 0 ? null : 'someone',
            payoutCents: base.lines[period - 1]!.cents,
          }));
          const ledger = resultsLedger(pot, schedule, confirmed);
          const total = ledger.wonCents + ledger.unclaimedCents + ledger.toPlayCents + ledger.organizerCents + ledger.remainderCents;
          expect(total).toBe(pot);
          expect(ledger.remainderCents).toBeGreaterThanOrEqual(0);
          expect(ledger.remainderCents).toBeLessThan(5);
        },
      ),
    );
  });

  it('words the unclaimed share and the winner banner', () => {
    expect(unclaimedText(24250)).toBe('Unclaimed: nobody bought this square, so the organizer keeps $242.50.');
    expect(youWonText(1, 19400, QUARTER_MODEL)).toBe('You won Q1 - $194.00');
  });

  it('D47: one pot, each quarter its share of it: never over the pot, equal shares equal, the remainder only rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(...PAYOUT_SCHEDULE_IDS),
        fc.subarray([...PERIODS_OF_QUARTERS]),
        (sold, dollars, schedule, periods) => {
          // The pot of every sold square, fixed at the draw; each quarter confirmed against it.
          const pot = sold * dollars * 100;
          const payouts = PERIODS_OF_QUARTERS.map((period) => periodPayoutCents(pot, schedule, period));
          expect(payouts.reduce((sum, cents) => sum + cents, 0)).toBeLessThanOrEqual(pot);
          const shares = PAYOUT_SCHEDULES[schedule].sharesPercent;
          PERIODS_OF_QUARTERS.forEach((q, i) => PERIODS_OF_QUARTERS.forEach((r, j) => shares[i] === shares[j] && expect(payouts[q - 1]).toBe(payouts[r - 1])));
          const ledger = resultsLedger(
            pot,
            schedule,
            periods.map((period) => ({ period, winner: 'someone', payoutCents: payouts[period - 1]! })),
          );
          const totals = ledgerTotals(ledger, 'Won by players');
          expect(totals.reduce((sum, total) => sum + total.cents, 0)).toBe(pot);
          expect(ledger.earlierPotCents).toBe(0);
          expect(totals.map((total) => total.key)).not.toContain('earlier-pot');
          expect(ledger.roundingCents).toBeGreaterThanOrEqual(0);
          expect(ledger.roundingCents).toBeLessThan(5);
        },
      ),
    );
  });

  it('D47: a payout recorded at an earlier pot is labelled as such, not as rounding', () => {
    // The game day that drifted: Q1 paid $217.50 while the pot counted paid squares only; the pot is $900.
    const ledger = resultsLedger(90000, 'even', [
      { period: 1, winner: 'amy', payoutCents: 21750 },
      { period: 2, winner: 'bob', payoutCents: 22500 },
    ]);
    expect(ledgerTotals(ledger, 'Paid out or owed')).toEqual([
      { key: 'won', label: 'Paid out or owed', cents: 44250 },
      { key: 'to-play', label: 'Still to play', cents: 45000 },
      { key: 'earlier-pot', label: 'Payouts recorded before the pot was final differ by', cents: 750 },
    ]);
  });

  it('D47: says what an owing winner owes and nets', () => {
    expect(winnerOwing(2500, 0)).toBeNull();
    expect(winnerOwingText(winnerOwing(2500, 1000)!)).toBe('Owes $10.00 for unpaid squares · net $15.00 after what they owe');
    expect(winnerOwingText(winnerOwing(500, 1000)!)).toBe('Owes $10.00 for unpaid squares · they still owe $5.00 after this payout');
  });
});
