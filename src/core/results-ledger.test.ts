import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYOUT_SCHEDULE_IDS } from './payouts';
import { type ConfirmedQuarter, resultsLedger, unclaimedText, youWonText } from './results-ledger';
import { QUARTERS } from './scoring';

describe('resultsLedger (D43, D24)', () => {
  it('says which quarters were won, unclaimed or still to play, and adds up to the pot', () => {
    // The designer's game: a $970 pot, Q1-Q3 won, the Final won by a square nobody bought.
    const confirmed: ConfirmedQuarter[] = [
      { quarter: 1, winner: 'CoachDana', payoutCents: 24250 },
      { quarter: 2, winner: 'bob', payoutCents: 24250 },
      { quarter: 3, winner: 'amy', payoutCents: 24250 },
      { quarter: 4, winner: null, payoutCents: 0 },
    ];
    const ledger = resultsLedger(97000, 'even', confirmed);
    expect(ledger.lines.map((line) => line.kind)).toEqual(['won', 'won', 'won', 'unclaimed']);
    expect(ledger.wonCents).toBe(72750);
    expect(ledger.unclaimedCents).toBe(24250);
    expect(ledger.toPlayCents).toBe(0);
    expect(ledger.wonCents + ledger.unclaimedCents + ledger.toPlayCents + ledger.organizerCents + ledger.remainderCents).toBe(97000);
  });

  it('counts the quarters not confirmed yet and the organizer share', () => {
    const ledger = resultsLedger(10001, 'organizer-20', [{ quarter: 1, winner: 'amy', payoutCents: 2000 }]);
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
        fc.subarray([...QUARTERS]),
        fc.boolean(),
        (pot, schedule, quarters, unclaimed) => {
          const base = resultsLedger(pot, schedule, []);
          const confirmed = quarters.map((quarter) => ({
            quarter,
            winner: unclaimed && quarter % 2 === 0 ? null : 'someone',
            payoutCents: base.lines[quarter - 1]!.cents,
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
    expect(youWonText(1, 19400)).toBe('You won Q1 - $194.00');
  });
});
