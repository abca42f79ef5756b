import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GamePayoutSettings, planPayouts, rulesOfGame, sharesOf, validateGamePayout, validateOrganizerLabel } from './payout-plan';
import { payoutAmountsSummary, payoutRules, payoutSummary, unboughtRuleShort } from './payouts';
import { periodModel } from './periods';
import { ledgerTotals, resultsLedger, unclaimedText } from './results-ledger';
import { gameFormSchema } from './schemas';

const custom = (shares: number[], organizer: number, unbought: 'house' | 'roll' = 'roll', gameType = 'nfl'): GamePayoutSettings => ({
  game_type: gameType,
  payout_schedule: 'custom',
  payout_shares: shares,
  organizer_percent: organizer,
  unbought_rule: unbought,
});

const VALID = { title: 'Big Game', team_a: 'Lions', team_b: 'Bears', price_per_square: 10 };

describe('a game’s stored rules (D34, migration 017)', () => {
  it('reads custom shares per period of the game type, and a schedule as its quarters', () => {
    expect(sharesOf(rulesOfGame(custom([10, 20, 30, 30], 10)))).toEqual({
      periods: [
        { period: 1, percent: 10 },
        { period: 2, percent: 20 },
        { period: 3, percent: 30 },
        { period: 4, percent: 30 },
      ],
      organizerPercent: 10,
    });
    expect(rulesOfGame({ ...custom([], 0, 'house'), payout_schedule: 'final-heavy', payout_shares: null, organizer_percent: null }).shares).toEqual({
      kind: 'schedule',
      schedule: 'final-heavy',
    });
    expect(sharesOf(rulesOfGame(custom([45, 45], 10, 'house', 'college-basketball'))).periods.map((p) => p.period)).toEqual([1, 2]);
  });

  it('a schedule in a game played in halves pays each half its two quarters’ shares', () => {
    const halves = (schedule: 'even' | 'final-heavy' | 'organizer-20') =>
      sharesOf(
        rulesOfGame({ game_type: 'college-basketball', payout_schedule: schedule, payout_shares: null, organizer_percent: null, unbought_rule: 'house' }),
      );
    expect(halves('even')).toEqual({
      periods: [
        { period: 1, percent: 50 },
        { period: 2, percent: 50 },
      ],
      organizerPercent: 0,
    });
    expect(halves('final-heavy').periods.map((p) => p.percent)).toEqual([40, 60]);
    expect(halves('organizer-20')).toEqual({
      periods: [
        { period: 1, percent: 40 },
        { period: 2, percent: 40 },
      ],
      organizerPercent: 20,
    });
  });

  it('checks custom shares against the game’s periods, naming the share and the sum', () => {
    expect(validateGamePayout(custom([10, 20, 30, 30], 10)).ok).toBe(true);
    expect(validateGamePayout(custom([10, 20, 30, 30], 0))).toEqual({
      ok: false,
      message: 'Payout shares must add up to 100%: Q1 10% + Q2 20% + Q3 30% + Q4 30% + Organizer 0% = 90%',
    });
    expect(validateGamePayout(custom([10, 20.5, 30, 29.5], 10))).toEqual({ ok: false, message: 'Q2 share must be a whole percent from 0 to 100' });
    expect(validateGamePayout(custom([-10, 40, 40, 20], 10))).toEqual({ ok: false, message: 'Q1 share must be a whole percent from 0 to 100' });
    expect(validateGamePayout(custom([10, 20, 30, 30], 10, 'roll', 'college-basketball'))).toEqual({
      ok: false,
      message: 'Custom shares need one share for each half (2)',
    });
    expect(validateGamePayout(custom([50, 40], 10, 'house', 'college-basketball')).ok).toBe(true);
  });

  it('bounds and normalizes the organizer share’s name; blank is "Organizer"', () => {
    expect(validateOrganizerLabel('  Food   Bank ')).toEqual({ ok: true, value: 'Food Bank' });
    expect(validateOrganizerLabel('')).toEqual({ ok: true, value: 'Organizer' });
    expect(validateOrganizerLabel(null)).toEqual({ ok: true, value: 'Organizer' });
    expect(validateOrganizerLabel('x'.repeat(41)).ok).toBe(false);
    expect(validateOrganizerLabel('a\u200Bb').ok).toBe(false);
  });

  it('the form schema takes typed shares, refuses a bad sum with the sum said, and drops shares under a schedule', () => {
    const parsed = gameFormSchema.safeParse({
      ...VALID,
      payout_schedule: 'custom',
      payout_shares: ['10', '20', '30', '30'],
      organizer_percent: '10',
      organizer_label: 'Food Bank',
      unbought_rule: 'roll',
    });
    expect(parsed.success && parsed.data).toMatchObject({
      payout_shares: [10, 20, 30, 30],
      organizer_percent: 10,
      organizer_label: 'Food Bank',
      unbought_rule: 'roll',
    });
    const bad = gameFormSchema.safeParse({ ...VALID, payout_schedule: 'custom', payout_shares: ['10', '20', '30', ''], organizer_percent: '10' });
    expect(bad.success ? null : bad.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['payout_shares', 'Q4 share must be a whole percent from 0 to 100'],
    ]);
    const schedule = gameFormSchema.parse({ ...VALID, payout_schedule: 'even', payout_shares: [1, 2, 3, 4], organizer_percent: 90 });
    expect([schedule.payout_shares, schedule.organizer_percent]).toEqual([null, null]);
  });
});

describe('every view reads the one plan', () => {
  const game = { ...custom([10, 20, 30, 30], 10), organizer_label: 'Food Bank' };

  it('the board’s rules and the card say each share, what it pays, the organizer’s share by name and the unbought rule', () => {
    const rules = payoutRules(100_000, game);
    expect(rules.periods.map((q) => [q.label, q.percent, q.cents])).toEqual([
      ['1st Quarter', 10, 10_000],
      ['2nd Quarter', 20, 20_000],
      ['3rd Quarter', 30, 30_000],
      ['Final', 30, 30_000],
    ]);
    expect(rules.organizer).toEqual({ percent: 10, cents: 10_000, label: 'Food Bank' });
    expect(rules.unboughtText).toBe(
      'A winning square nobody bought: its money rolls forward to the next quarter; an unbought Final goes to the Food Bank share.',
    );
    expect(payoutSummary(game)).toBe('Q1 10% · Q2 20% · Q3 30% · Final 30% · Food Bank 10%');
    expect(payoutAmountsSummary(90_000, game)).toBe('Q1 $90.00 · Q2 $180.00 · Q3 $270.00 · Final $270.00 · Food Bank $90.00');
    expect(unboughtRuleShort(game)).toBe('Rolls forward to the next quarter');
    expect(unboughtRuleShort('even')).toBe('The organizer keeps its share');
    expect(payoutSummary('even')).toBe('Q1-Q3 25% · Final 25%');
    expect(payoutSummary({ ...custom([45, 45], 10, 'house', 'college-basketball'), organizer_label: 'Organizer' })).toBe('H1 45% · Final 45% · Organizer 10%');
  });

  it('results: an unbought Q2 rolls into Q3, an unbought Final into the organizer’s share, and the totals are the pot', () => {
    const ledger = resultsLedger(100_000, game, [
      { period: 1, winner: 'amy', payoutCents: 10_000 },
      { period: 2, winner: null, payoutCents: 0 },
      { period: 3, winner: 'bob', payoutCents: 50_000 },
      { period: 4, winner: null, payoutCents: 0 },
    ]);
    expect(ledger.lines.map((line) => [line.kind, line.cents, line.kind === 'unclaimed' ? line.to : null])).toEqual([
      ['won', 10_000, null],
      ['unclaimed', 20_000, 'next-period'],
      ['won', 50_000, null],
      ['unclaimed', 30_000, 'organizer'],
    ]);
    const line = ledger.lines[1]!;
    expect(line.kind === 'unclaimed' && unclaimedText(line.cents, line)).toBe('Unclaimed: nobody bought this square, so its $200.00 rolls forward to Q3.');
    expect(ledgerTotals(ledger, 'Won').map((t) => [t.key, t.cents])).toEqual([
      ['won', 60_000],
      ['organizer', 40_000],
    ]);
  });

  it('property: for random custom rules, pots and outcomes, the ledger’s totals add up to the pot and won lines pay what the plan pays', () => {
    const gameArb = fc.constantFrom('nfl', 'college-basketball').chain((gameType) => {
      const n = periodModel(gameType).periods.length;
      return fc.record({
        gameType: fc.constant(gameType),
        cuts: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: n, maxLength: n }),
        unbought: fc.constantFrom<'house' | 'roll'>('house', 'roll'),
        pot: fc.integer({ min: 0, max: 100_000_000 }),
        results: fc.array(fc.constantFrom<string | null>(null, 'amy', 'bob'), { minLength: 0, maxLength: n }),
      });
    });
    fc.assert(
      fc.property(gameArb, ({ gameType, cuts, unbought, pot, results }) => {
        const points = [0, ...[...cuts].sort((a, b) => a - b), 100];
        const percents = points.slice(1).map((p, i) => p - points[i]!);
        const settings = custom(percents.slice(0, -1), percents.at(-1)!, unbought, gameType);
        const recorded = results.map((winner, i) => ({ period: periodModel(gameType).periods[i]!, winner }));
        const plan = planPayouts({
          potCents: pot,
          rules: rulesOfGame(settings),
          outcomes: recorded.map((r) =>
            r.winner ? { period: r.period, result: 'won' as const, winner: r.winner } : { period: r.period, result: 'unbought' as const },
          ),
        });
        const ledger = resultsLedger(
          pot,
          settings,
          recorded.map((r) => ({ period: r.period, winner: r.winner, payoutCents: plan.periods.find((p) => p.period === r.period)!.payableCents })),
        );
        const sum = ledgerTotals(ledger, 'Won').reduce((total, t) => total + t.cents, 0);
        expect(sum).toBe(pot);
        expect(ledger.earlierPotCents).toBe(0);
        expect(ledger.wonCents).toBe(plan.wonCents);
        expect(ledger.wonCents + ledger.toPlayCents).toBeLessThanOrEqual(pot);
      }),
    );
  });
});
