import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_SCHEDULE, PAYOUT_SCHEDULES, PAYOUT_SCHEDULE_IDS, isPayoutScheduleId } from './payout-plan';
import { fullBoardPayouts, payoutRules, payoutSummary } from './payouts';
import { payoutPlan, periodPayoutCents } from '../../tests/support/payout-schedules';
import { QUARTER_MODEL } from './periods';

const PERIODS_OF_QUARTERS = QUARTER_MODEL.periods;

const pot = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const scheduleId = fc.constantFrom(...PAYOUT_SCHEDULE_IDS);

describe('payout schedules (D12)', () => {
  it('offers even (the default), final-heavy and organizer-20', () => {
    expect(PAYOUT_SCHEDULE_IDS).toEqual(['even', 'final-heavy', 'organizer-20']);
    expect(DEFAULT_PAYOUT_SCHEDULE).toBe('even');
    expect(PAYOUT_SCHEDULES.even.sharesPercent).toEqual([25, 25, 25, 25]);
    expect(PAYOUT_SCHEDULES['final-heavy'].sharesPercent).toEqual([20, 20, 20, 40]);
    expect(PAYOUT_SCHEDULES['organizer-20'].sharesPercent).toEqual([20, 20, 20, 20]);
    expect(isPayoutScheduleId('even')).toBe(true);
    expect(isPayoutScheduleId('half')).toBe(false);
  });

  it.each(PAYOUT_SCHEDULE_IDS)('%s: id, label and info text state its own shares', (id) => {
    const schedule = PAYOUT_SCHEDULES[id];
    const [q1, q2, q3, final] = schedule.sharesPercent;
    expect(schedule.id).toBe(id);
    expect(q1 === q2 && q2 === q3).toBe(true);
    expect(schedule.label).toContain(schedule.sharesPercent.join('/'));
    expect(schedule.infoText).toContain(`${q1}% of the pot for each of the 1st, 2nd and 3rd quarters and ${final}% for the final score.`);
    const kept = 100 - (q1 + q2 + q3 + final);
    if (kept > 0) expect(schedule.infoText).toContain(`The organizer keeps the remaining ${kept}%.`);
    else expect(schedule.infoText).not.toContain('organizer');
  });

  it('never promises more than the pot', () => {
    for (const id of PAYOUT_SCHEDULE_IDS) {
      expect(PAYOUT_SCHEDULES[id].sharesPercent.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100);
    }
  });
});

describe('quarterPayoutCents', () => {
  it('rounds each share down to the cent', () => {
    // $1,000.01 pot, even: 25% is 25000.25 cents.
    expect(periodPayoutCents(100001, 'even', 1)).toBe(25000);
    expect(periodPayoutCents(100001, 'final-heavy', 4)).toBe(40000);
    expect(periodPayoutCents(99, 'organizer-20', 2)).toBe(19);
    expect(periodPayoutCents(0, 'even', 3)).toBe(0);
  });

  it('pays the final-heavy schedule 20/20/20/40', () => {
    expect(PERIODS_OF_QUARTERS.map((q) => periodPayoutCents(100000, 'final-heavy', q))).toEqual([20000, 20000, 20000, 40000]);
  });

  it('is the game-day rule "pot / 4, rounded down" for the even schedule', () => {
    fc.assert(
      fc.property(pot, fc.constantFrom(...PERIODS_OF_QUARTERS), (p, q) => {
        expect(periodPayoutCents(p, 'even', q)).toBe(Math.floor(p / 4));
      }),
    );
  });

  it('is the largest whole cent not above the share, for every pot', () => {
    fc.assert(
      fc.property(pot, scheduleId, fc.constantFrom(...PERIODS_OF_QUARTERS), (p, id, q) => {
        const cents = periodPayoutCents(p, id, q);
        const percent = BigInt(PAYOUT_SCHEDULES[id].sharesPercent[q - 1] as number);
        // Exact arithmetic: cents * 100 <= pot * percent < (cents + 1) * 100.
        expect(BigInt(cents) * 100n <= BigInt(p) * percent).toBe(true);
        expect(BigInt(p) * percent < (BigInt(cents) + 1n) * 100n).toBe(true);
      }),
    );
  });

  it.each([-1, 10.5, Number.NaN])('refuses a pot of %s', (bad) => {
    expect(() => periodPayoutCents(bad, 'even', 1)).toThrow(RangeError);
  });
});

describe('payoutPlan', () => {
  it('shows the remainder that is not paid out', () => {
    expect(payoutPlan(100003, 'even')).toEqual({
      periods: [
        { period: 1, cents: 25000 },
        { period: 2, cents: 25000 },
        { period: 3, cents: 25000 },
        { period: 4, cents: 25000 },
      ],
      paidOutCents: 100000,
      remainderCents: 3,
    });
    expect(payoutPlan(100000, 'organizer-20').remainderCents).toBe(20000);
  });

  it('never pays more than the pot, and paid plus remainder is the pot', () => {
    fc.assert(
      fc.property(pot, scheduleId, (p, id) => {
        const plan = payoutPlan(p, id);
        const sum = plan.periods.reduce((total, { cents }) => total + cents, 0);
        expect(plan.periods.map(({ period }) => period)).toEqual([1, 2, 3, 4]);
        expect(plan.paidOutCents).toBe(sum);
        expect(plan.paidOutCents).toBeLessThanOrEqual(p);
        expect(plan.remainderCents).toBeGreaterThanOrEqual(0);
        expect(plan.paidOutCents + plan.remainderCents).toBe(p);
        for (const { period, cents } of plan.periods) expect(cents).toBe(periodPayoutCents(p, id, period));
      }),
    );
  });

  it('loses less than a cent per quarter to rounding, beyond what the schedule keeps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), scheduleId, (p, id) => {
        const keptPercent = 100 - PAYOUT_SCHEDULES[id].sharesPercent.reduce((a, b) => a + b, 0);
        const rounding = payoutPlan(p, id).remainderCents - (p * keptPercent) / 100;
        expect(rounding).toBeGreaterThan(-1e-6);
        expect(rounding).toBeLessThan(4);
      }),
    );
  });
});

describe('payoutRules (what the board and the card show, D12)', () => {
  it('gives each quarter its label, share and cents at the current pot, and the organizer’s share', () => {
    expect(payoutRules(100000, 'organizer-20')).toEqual({
      potCents: 100000,
      periods: [
        { period: 1, label: '1st Quarter', percent: 20, cents: 20000 },
        { period: 2, label: '2nd Quarter', percent: 20, cents: 20000 },
        { period: 3, label: '3rd Quarter', percent: 20, cents: 20000 },
        { period: 4, label: 'Final', percent: 20, cents: 20000 },
      ],
      organizer: { percent: 20, cents: 20000, label: 'Organizer' },
      remainderCents: 0,
      unboughtText: 'A winning square nobody bought: the organizer keeps its share.',
    });
  });

  it('has no organizer share when the quarters pay the whole pot', () => {
    const rules = payoutRules(42000, 'final-heavy');
    expect(rules.periods.map(({ percent, cents }) => [percent, cents])).toEqual([
      [20, 8400],
      [20, 8400],
      [20, 8400],
      [40, 16800],
    ]);
    expect(rules.organizer).toBeNull();
    expect(rules.remainderCents).toBe(0);
  });

  it('shows what rounding down leaves over, apart from the organizer’s share', () => {
    // $1,000.03: 20% is 20000.6 cents, paid 20000 to each quarter and to the organizer.
    const rules = payoutRules(100003, 'organizer-20');
    expect(rules.periods.every(({ cents }) => cents === 20000)).toBe(true);
    expect(rules.organizer).toEqual({ percent: 20, cents: 20000, label: 'Organizer' });
    expect(rules.remainderCents).toBe(3);
    expect(payoutRules(100003, 'even').remainderCents).toBe(3);
    expect(payoutRules(0, 'even').periods.map(({ cents }) => cents)).toEqual([0, 0, 0, 0]);
  });

  it('adds up to the pot: quarters, organizer and remainder, each rounded down', () => {
    fc.assert(
      fc.property(pot, scheduleId, (p, id) => {
        const rules = payoutRules(p, id);
        const periods = rules.periods.reduce((sum, { cents }) => sum + cents, 0);
        expect(periods).toBe(payoutPlan(p, id).paidOutCents);
        expect(periods + (rules.organizer?.cents ?? 0) + rules.remainderCents).toBe(p);
        expect(rules.remainderCents).toBeGreaterThanOrEqual(0);
        // Less than a cent lost per rounded share.
        expect(rules.remainderCents).toBeLessThan(rules.organizer ? 5 : 4);
        const percents = rules.periods.reduce((sum, { percent }) => sum + percent, 0) + (rules.organizer?.percent ?? 0);
        expect(percents).toBe(100);
      }),
    );
  });

  it('refuses a pot that is not whole cents', () => {
    expect(() => payoutRules(-5, 'even')).toThrow(RangeError);
  });
});

describe('fullBoardPayouts (the create form’s preview, D34)', () => {
  it('prices a full board and pays it out by the rules', () => {
    const preview = fullBoardPayouts(10, 100, 'organizer-20');
    expect(preview.priceCents).toBe(1000);
    expect(preview).toEqual({ ...payoutRules(100000, 'organizer-20'), priceCents: 1000 });
  });

  it('reads custom shares of a game in halves, with the organizer share’s name', () => {
    const preview = fullBoardPayouts(7, 25, {
      game_type: 'college-basketball',
      payout_schedule: 'custom',
      payout_shares: [30, 60],
      organizer_percent: 10,
      organizer_label: 'Food Bank',
      unbought_rule: 'roll',
    });
    expect(preview.potCents).toBe(17500);
    expect(preview.periods.map(({ label, cents }) => [label, cents])).toEqual([
      ['1st Half', 5250],
      ['Final', 10500],
    ]);
    expect(preview.organizer).toEqual({ percent: 10, cents: 1750, label: 'Food Bank' });
    expect(preview.remainderCents).toBe(0);
  });

  it('is the pot of every square sold at the price, each period rounded down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(25, 50, 100), scheduleId, (price, squares, id) => {
        const preview = fullBoardPayouts(price, squares, id);
        expect(preview.potCents).toBe(price * 100 * squares);
        expect(preview.periods.reduce((sum, { cents }) => sum + cents, 0) + (preview.organizer?.cents ?? 0) + preview.remainderCents).toBe(preview.potCents);
      }),
    );
  });
});

describe('payoutSummary (the game card’s short line)', () => {
  it('names the shares of each schedule', () => {
    expect(payoutSummary('even')).toBe('Q1-Q3 25% · Final 25%');
    expect(payoutSummary('final-heavy')).toBe('Q1-Q3 20% · Final 40%');
    expect(payoutSummary('organizer-20')).toBe('Q1-Q3 20% · Final 20% · Organizer 20%');
  });
});
