import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UNBOUGHT_RULE,
  PAYOUT_SCHEDULES,
  PAYOUT_SCHEDULE_IDS,
  type PayoutRules,
  type PeriodOutcome,
  type PlannedPayouts,
  UNBOUGHT_RULES,
  correctionRepricing,
  organizerLabelOf,
  planPayouts,
  scheduleRules,
  sharesOf,
  sharesTotal,
  typedPercent,
  validatePayoutRules,
} from './payout-plan';
import { payoutRules } from './payouts';
import { payoutPlan } from '../../tests/support/payout-schedules';
import { QUARTER_MODEL, periodShortLabel, type Period } from './periods';

const PERIODS_OF_QUARTERS = QUARTER_MODEL.periods;
const shortLabel = (period: Period) => periodShortLabel(QUARTER_MODEL, period);

type Key = Period | string;

const pot = fc.integer({ min: 0, max: 1_000_000_000 });
const unbought = fc.constantFrom(...UNBOUGHT_RULES);

/** `count` whole percents adding up to 100: the gaps between sorted cut points in 0-100. */
const percentsSummingTo100 = (count: number) =>
  fc.array(fc.integer({ min: 0, max: 100 }), { minLength: count - 1, maxLength: count - 1 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), 100];
    return points.slice(1).map((point, i) => point - (points[i] as number));
  });

/** Even custom shares now and then, so that equal shares meet often. */
const customShares = (keys: readonly Key[]) =>
  fc.oneof(
    percentsSummingTo100(keys.length + 1),
    fc.integer({ min: 0, max: Math.floor(100 / keys.length) }).map((each) => [...keys.map(() => each), 100 - each * keys.length]),
  );

const rules: fc.Arbitrary<PayoutRules<Key>> = fc.oneof(
  fc.record({ shares: fc.constantFrom(...PAYOUT_SCHEDULE_IDS).map((schedule) => ({ kind: 'schedule' as const, schedule })), unbought }),
  fc.constantFrom<readonly Key[]>(PERIODS_OF_QUARTERS, ['H1', 'H2'], ['P1', 'P2', 'P3']).chain((keys) =>
    fc.record({
      shares: customShares(keys).map((percents) => ({
        kind: 'custom' as const,
        periods: keys.map((period, i) => ({ period, percent: percents[i] as number })),
        organizerPercent: percents.at(-1) as number,
      })),
      unbought,
    }),
  ),
);

const outcome = (period: Key) =>
  fc.oneof(
    fc.constant(null),
    fc.constant<PeriodOutcome<Key>>({ period, result: 'unbought' }),
    fc.constantFrom('amy', 'bob', 'cy').map((winner): PeriodOutcome<Key> => ({ period, result: 'won', winner })),
  );

/** Rules, a pot, and an outcome or none for each of the rules' periods. */
const scenario = rules.chain((r) =>
  fc.record({
    rules: fc.constant(r),
    potCents: pot,
    outcomes: fc
      .tuple(...sharesOf(r).periods.map(({ period }) => outcome(period)))
      .map((list) => list.filter((entry): entry is PeriodOutcome<Key> => entry !== null)),
  }),
);

const scenarioUnder = (rule: PayoutRules['unbought']) => scenario.filter((s) => s.rules.unbought === rule);

function total(plan: PlannedPayouts<Key>): number {
  return plan.wonCents + plan.toPlayCents + plan.houseCents + plan.organizer.cents + plan.remainder.cents;
}

const even = (u: PayoutRules['unbought'] = 'house'): PayoutRules => scheduleRules('even', u);

describe('planPayouts (D34, D12, D24): properties over random rules, pots and outcomes', () => {
  it('adds up to the pot exactly and never pays out more than it', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const plan = planPayouts(input);
        expect(total(plan)).toBe(input.potCents);
        const promised = plan.periods.reduce((sum, period) => sum + period.payableCents, 0) + plan.organizer.cents + plan.houseCents;
        expect(promised).toBeLessThanOrEqual(input.potCents);
      }),
    );
  });

  it('has every amount a whole number of cents, never negative, each share rounded down', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const plan = planPayouts(input);
        const amounts = [
          ...plan.periods.flatMap((p) => [p.baseCents, p.rolledInCents, p.cents, p.payableCents]),
          ...Object.values(plan.organizer),
          plan.wonCents,
          plan.toPlayCents,
          plan.houseCents,
          plan.remainder.cents,
        ];
        for (const cents of amounts) {
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
        }
        const shares = [...plan.periods, plan.organizer];
        for (const { percent, baseCents } of shares) {
          // Exact: base * 100 <= pot * percent < (base + 1) * 100.
          expect(BigInt(baseCents) * 100n <= BigInt(input.potCents) * BigInt(percent)).toBe(true);
          expect(BigInt(input.potCents) * BigInt(percent) < (BigInt(baseCents) + 1n) * 100n).toBe(true);
        }
        expect(plan.remainder).toEqual({ cents: expect.any(Number), cause: 'rounding' });
        expect(plan.remainder.cents).toBeLessThan(shares.length);
        expect(shares.reduce((sum, { percent }) => sum + percent, 0)).toBe(100);
      }),
    );
  });

  it('pays equal shares equally, absent rollover', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const { periods } = planPayouts(input);
        for (const a of periods) {
          for (const b of periods) {
            if (a.percent !== b.percent) continue;
            expect(a.baseCents).toBe(b.baseCents);
            if (a.rolledInCents === 0 && b.rolledInCents === 0) expect(a.cents).toBe(b.cents);
          }
        }
      }),
    );
  });

  it('says for each period whether it was won, unbought or is still to play, and pays winners their money', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const plan = planPayouts(input);
        expect(plan.periods.map((p) => p.period)).toEqual(sharesOf(input.rules).periods.map((s) => s.period));
        for (const line of plan.periods) {
          const result = input.outcomes.find((o) => o.period === line.period);
          expect(line.status).toBe(result?.result ?? 'to-play');
          expect(line.winner).toBe(result?.result === 'won' ? result.winner : null);
          expect(line.cents).toBe(line.baseCents + line.rolledInCents);
          expect(line.payableCents).toBe(line.status === 'unbought' ? 0 : line.cents);
        }
        // The shares do not depend on the outcomes.
        expect(plan.periods.map((p) => p.baseCents)).toEqual(planPayouts({ ...input, outcomes: [] }).periods.map((p) => p.baseCents));
      }),
    );
  });

  it('house: an unbought period’s money goes to the house and nothing rolls', () => {
    fc.assert(
      fc.property(scenarioUnder('house'), (input) => {
        const plan = planPayouts(input);
        const unboughtLines = plan.periods.filter((p) => p.status === 'unbought');
        expect(unboughtLines.every((p) => p.unboughtTo === 'house')).toBe(true);
        expect(plan.houseCents).toBe(unboughtLines.reduce((sum, p) => sum + p.baseCents, 0));
        expect(plan.periods.every((p) => p.rolledInCents === 0)).toBe(true);
        expect(plan.organizer.rolledInCents).toBe(0);
      }),
    );
  });

  it('roll: an unbought period’s money goes to the next period, the last one’s to the organizer', () => {
    fc.assert(
      fc.property(scenarioUnder('roll'), (input) => {
        const { periods, ...plan } = planPayouts(input);
        periods.forEach((line, i) => {
          const previous = periods[i - 1];
          expect(line.rolledInCents).toBe(previous?.status === 'unbought' ? previous.cents : 0);
          if (line.status === 'unbought') expect(line.unboughtTo).toBe(i === periods.length - 1 ? 'organizer' : 'next-period');
        });
        const last = periods.at(-1)!;
        expect(plan.organizer.rolledInCents).toBe(last.status === 'unbought' ? last.cents : 0);
        expect(plan.houseCents).toBe(0);
      }),
    );
  });

  it('a schedule pays what the D12 schedules always paid: each share floor(pot × percent / 100), the rest the remainder', () => {
    // The rule as written before the plan existed, in exact arithmetic.
    const floorShare = (potCents: number, percent: number) => Number((BigInt(potCents) * BigInt(percent)) / 100n);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(...PAYOUT_SCHEDULE_IDS), unbought, (potCents, schedule, u) => {
        const plan = planPayouts({ potCents, rules: { shares: { kind: 'schedule', schedule }, unbought: u }, outcomes: [] });
        const percents = PAYOUT_SCHEDULES[schedule].sharesPercent;
        const periods = percents.map((percent) => floorShare(potCents, percent));
        expect(plan.periods.map((p) => [p.period, p.percent, p.baseCents, p.payableCents])).toEqual(
          PERIODS_OF_QUARTERS.map((q, i) => [q, percents[i], periods[i], periods[i]]),
        );
        const kept = 100 - percents.reduce((a, b) => a + b, 0);
        expect(plan.organizer).toEqual({ percent: kept, baseCents: floorShare(potCents, kept), rolledInCents: 0, cents: floorShare(potCents, kept) });
        expect(plan.remainder.cents).toBe(potCents - periods.reduce((a, b) => a + b, 0) - floorShare(potCents, kept));
        // Today's views are read off the plan.
        expect(payoutPlan(potCents, schedule).periods.map(({ cents }) => cents)).toEqual(periods);
        expect(payoutRules(potCents, schedule).remainderCents).toBe(plan.remainder.cents);
      }),
    );
    expect(planPayouts({ potCents: 100003, rules: scheduleRules('even'), outcomes: [] }).periods.map((p) => p.baseCents)).toEqual([25000, 25000, 25000, 25000]);
  });
});

describe('planPayouts: examples', () => {
  it('a $970 even pot: Q1-Q3 won, the Final unbought and kept by the house (D24)', () => {
    const plan = planPayouts({
      potCents: 97000,
      rules: even(),
      outcomes: [
        { period: 1, result: 'won', winner: 'dana' },
        { period: 2, result: 'won', winner: 'bob' },
        { period: 3, result: 'won', winner: 'amy' },
        { period: 4, result: 'unbought' },
      ],
    });
    expect(plan.periods.map((p) => [p.status, p.payableCents])).toEqual([
      ['won', 24250],
      ['won', 24250],
      ['won', 24250],
      ['unbought', 0],
    ]);
    expect([plan.wonCents, plan.houseCents, plan.organizer.cents, plan.remainder.cents]).toEqual([72750, 24250, 0, 0]);
  });

  it('rolls an unbought Q1 and Q2 into Q3, and an unbought Final into the organizer’s share', () => {
    const rules: PayoutRules = {
      shares: { kind: 'custom', periods: PERIODS_OF_QUARTERS.map((q) => ({ period: q, percent: 20 })), organizerPercent: 20 },
      unbought: 'roll',
    };
    const plan = planPayouts({
      potCents: 100003,
      rules,
      outcomes: [
        { period: 1, result: 'unbought' },
        { period: 2, result: 'unbought' },
        { period: 4, result: 'unbought' },
      ],
    });
    expect(plan.periods.map((p) => [p.rolledInCents, p.payableCents, p.unboughtTo])).toEqual([
      [0, 0, 'next-period'],
      [20000, 0, 'next-period'],
      [40000, 60000, null],
      [0, 0, 'organizer'],
    ]);
    expect(plan.toPlayCents).toBe(60000);
    expect(plan.organizer).toEqual({ percent: 20, baseCents: 20000, rolledInCents: 20000, cents: 40000 });
    expect(plan.remainder).toEqual({ cents: 3, cause: 'rounding' });
  });

  it('works for halves with custom shares and a charity share', () => {
    const plan = planPayouts({
      potCents: 5000,
      rules: {
        shares: {
          kind: 'custom',
          periods: [
            { period: 'H1', percent: 45 },
            { period: 'H2', percent: 45 },
          ],
          organizerPercent: 10,
        },
        unbought: DEFAULT_UNBOUGHT_RULE,
      },
      outcomes: [{ period: 'H1', result: 'won', winner: 'amy' }],
    });
    expect(plan.periods.map((p) => [p.period, p.status, p.payableCents])).toEqual([
      ['H1', 'won', 2250],
      ['H2', 'to-play', 2250],
    ]);
    expect(plan.organizer.cents).toBe(500);
  });

  it('refuses a pot that is not whole cents, bad rules and outcomes for unknown or repeated periods', () => {
    expect(() => planPayouts({ potCents: -1, rules: even(), outcomes: [] })).toThrow(RangeError);
    expect(() => planPayouts({ potCents: 10.5, rules: even(), outcomes: [] })).toThrow(RangeError);
    const unknown = { period: 5 as Period, result: 'unbought' } as const;
    expect(() => planPayouts({ potCents: 100, rules: even(), outcomes: [unknown] })).toThrow('No payout share for period 5');
    const twice = { period: 1, result: 'unbought' } as const;
    expect(() => planPayouts({ potCents: 100, rules: even(), outcomes: [twice, twice] })).toThrow('more than one outcome');
    const bad: PayoutRules = { shares: { kind: 'custom', periods: [{ period: 1, percent: 50 }], organizerPercent: 40 }, unbought: 'house' };
    expect(() => planPayouts({ potCents: 100, rules: bad, outcomes: [] })).toThrow(RangeError);
  });
});

describe('validatePayoutRules (D34)', () => {
  const custom = (percents: readonly number[], organizerPercent: number, u: PayoutRules['unbought'] = 'house'): PayoutRules => ({
    shares: { kind: 'custom', periods: PERIODS_OF_QUARTERS.map((q, i) => ({ period: q, percent: percents[i] as number })), organizerPercent },
    unbought: u,
  });
  const check = (r: PayoutRules) => validatePayoutRules(r, (q) => (q === 4 ? 'Final' : shortLabel(q)));

  it('accepts the schedules and custom shares adding up to 100', () => {
    for (const schedule of PAYOUT_SCHEDULE_IDS) expect(check({ shares: { kind: 'schedule', schedule }, unbought: 'roll' }).ok).toBe(true);
    expect(check(custom([10, 20, 30, 30], 10))).toEqual({ ok: true, value: custom([10, 20, 30, 30], 10) });
    fc.assert(
      fc.property(percentsSummingTo100(5), unbought, (p, u) => {
        expect(check(custom(p.slice(0, 4), p[4]!, u)).ok).toBe(true);
      }),
    );
  });

  it('says each share and the sum when they do not add up to 100', () => {
    expect(check(custom([20, 20, 20, 30], 0))).toEqual({
      ok: false,
      message: 'Payout shares must add up to 100%: Q1 20% + Q2 20% + Q3 20% + Final 30% + Organizer 0% = 90%',
    });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 5, maxLength: 5 }), (p) => {
        fc.pre(p.reduce((a, b) => a + b, 0) !== 100);
        const result = check(custom(p.slice(0, 4), p[4]!));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.message).toMatch(new RegExp(`= ${p.reduce((a, b) => a + b, 0)}%$`));
      }),
    );
  });

  it('names the share that is not a whole percent from 0 to 100', () => {
    expect(check(custom([25, 25.5, 25, 24.5], 0))).toEqual({ ok: false, message: 'Q2 share must be a whole percent from 0 to 100' });
    expect(check(custom([25, 25, 25, 125], -100))).toEqual({ ok: false, message: 'Final share must be a whole percent from 0 to 100' });
    expect(check(custom([25, 25, 25, 25], -0.5))).toEqual({ ok: false, message: 'Organizer share must be a whole percent from 0 to 100' });
    expect(check(custom([Number.NaN, 25, 25, 25], 25))).toEqual({ ok: false, message: 'Q1 share must be a whole percent from 0 to 100' });
  });

  it('refuses no periods, a period twice, an unknown schedule or unbought rule', () => {
    const none: PayoutRules = { shares: { kind: 'custom', periods: [], organizerPercent: 100 }, unbought: 'house' };
    expect(check(none)).toEqual({ ok: false, message: 'Payout shares need at least one period' });
    const twice: PayoutRules = {
      shares: {
        kind: 'custom',
        periods: [
          { period: 1, percent: 50 },
          { period: 1, percent: 50 },
        ],
        organizerPercent: 0,
      },
      unbought: 'house',
    };
    expect(check(twice)).toEqual({ ok: false, message: 'Each period may have only one payout share' });
    expect(check({ shares: { kind: 'schedule', schedule: 'half' as never }, unbought: 'house' }).ok).toBe(false);
    expect(check({ ...even(), unbought: 'keep' as never })).toEqual({
      ok: false,
      message: 'Choose what happens to a winning square nobody bought: the house keeps it or it rolls forward',
    });
  });
});

describe('shares as typed on the form (D34)', () => {
  it('reads a typed share as its number, and blank or other text as not a number', () => {
    expect(typedPercent('25')).toBe(25);
    expect(typedPercent(' 7 ')).toBe(7);
    expect(typedPercent(12.5)).toBe(12.5);
    expect(typedPercent('')).toBeNaN();
    expect(typedPercent('   ')).toBeNaN();
    expect(typedPercent('ten')).toBeNaN();
  });

  it('adds the shares up, or says nothing while one is not a whole number', () => {
    expect(sharesTotal([25, 25, 25, 25, 0])).toBe(100);
    expect(sharesTotal([50, 60, 0])).toBe(110);
    expect(sharesTotal([])).toBe(0);
    expect(sharesTotal([25, 25.5, 25, 24.5, 0])).toBeNull();
    expect(sharesTotal([25, Number.NaN, 25, 25, 25])).toBeNull();
  });

  it('is the sum the rules check', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 5, maxLength: 5 }), (p) => {
        const total = sharesTotal(p);
        const result = validatePayoutRules(
          {
            shares: { kind: 'custom', periods: PERIODS_OF_QUARTERS.map((q, i) => ({ period: q, percent: p[i]! })), organizerPercent: p[4]! },
            unbought: 'house',
          },
          String,
        );
        expect(result.ok).toBe(total === 100);
        if (!result.ok) expect(result.message).toMatch(new RegExp(`= ${total}%$`));
      }),
    );
  });

  it('names the organizer share "Organizer" while its name is blank', () => {
    expect(organizerLabelOf('Food Bank')).toBe('Food Bank');
    expect(organizerLabelOf('  Food Bank ')).toBe('Food Bank');
    expect(organizerLabelOf('  ')).toBe('Organizer');
    expect(organizerLabelOf(null)).toBe('Organizer');
  });
});

describe('correctionRepricing (D19)', () => {
  const corrections = scenario.chain((input) => {
    const periods = sharesOf(input.rules).periods.map(({ period }) => period);
    return fc.record({ input: fc.constant(input), correction: fc.constantFrom(...periods).chain((period) => outcome(period).filter((o) => o !== null)) });
  });

  it('gives the plan of the corrected outcomes and lists exactly the later periods paid differently', () => {
    fc.assert(
      fc.property(corrections, ({ input, correction }) => {
        const before = planPayouts(input);
        const { plan, repriced } = correctionRepricing(input, correction!);
        const outcomes = [...input.outcomes.filter((o) => o.period !== correction!.period), correction!];
        expect(plan).toEqual(planPayouts({ ...input, outcomes }));
        const at = plan.periods.findIndex((p) => p.period === correction!.period);
        plan.periods.forEach((line, i) => {
          const change = repriced.find((r) => r.period === line.period);
          if (i <= at) expect(change).toBeUndefined();
          else if (line.payableCents === before.periods[i]!.payableCents) expect(change).toBeUndefined();
          else expect(change).toEqual({ period: line.period, fromCents: before.periods[i]!.payableCents, toCents: line.payableCents });
        });
        if (input.rules.unbought === 'house') expect(repriced).toEqual([]);
        expect(total(plan)).toBe(input.potCents);
      }),
    );
  });

  it('under roll, a Q1 corrected from won to unbought reprices Q2 (which the server refuses once Q2 is paid)', () => {
    const input = {
      potCents: 10000,
      rules: even('roll'),
      outcomes: [
        { period: 1, result: 'won', winner: 'amy' },
        { period: 2, result: 'won', winner: 'bob' },
      ] as const,
    };
    const { plan, repriced } = correctionRepricing(input, { period: 1, result: 'unbought' });
    expect(repriced).toEqual([{ period: 2, fromCents: 2500, toCents: 5000 }]);
    expect(plan.periods[1]!.payableCents).toBe(5000);
    expect(correctionRepricing({ ...input, rules: even('house') }, { period: 1, result: 'unbought' }).repriced).toEqual([]);
  });
});
