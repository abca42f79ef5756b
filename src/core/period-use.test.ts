/**
 * The period model where pages, mails, CSVs and validation use it: a game in halves (college
 * basketball) is named and paid in halves everywhere; a football game reads as before.
 */
import { describe, expect, it } from 'vitest';
import { activityMessage } from './activity';
import { squareAccessibleName } from './board';
import { createWinnerRecordError, payoutRetryToast, periodWinnerToast, savePeriodScoreError } from './messages';
import { rulesOfGame } from './payout-plan';
import { payoutRules, payoutSummary } from './payouts';
import {
  finalPeriod,
  HALF_MODEL,
  notAPeriodText,
  OVERTIME_RULE,
  overtimeRuleText,
  periodEntryLabel,
  periodOrdinalList,
  PERIODS,
  QUARTER_MODEL,
} from './periods';
import { resultsLedger, youWonText } from './results-ledger';
import { areAllPeriodScoresValid } from './validation';

const square = { x: 2, y: 6 };
const holding = { kind: 'claimed', ownerName: 'alice' } as const;

describe('periods where they are used', () => {
  it('the API range covers every model', () => {
    expect(PERIODS).toEqual([1, 2, 3, 4]);
    for (const model of [QUARTER_MODEL, HALF_MODEL]) for (const period of model.periods) expect(PERIODS).toContain(period);
  });

  it('names the squares a square won: quarters for football, halves for college basketball', () => {
    expect(squareAccessibleName(square, holding, [1, 4], QUARTER_MODEL)).toBe('Row 3, column 7, claimed by alice, winner of the 1st and 4th quarters');
    expect(squareAccessibleName(square, holding, [2], QUARTER_MODEL)).toBe('Row 3, column 7, claimed by alice, winner of the 2nd quarter');
    expect(squareAccessibleName(square, holding, [1, 2], HALF_MODEL)).toBe('Row 3, column 7, claimed by alice, winner of the 1st and 2nd halves');
    expect(squareAccessibleName(square, holding, [1], HALF_MODEL)).toBe('Row 3, column 7, claimed by alice, winner of the 1st half');
    expect(periodOrdinalList(QUARTER_MODEL, [4, 1, 2])).toBe('1st, 2nd and 4th quarters');
  });

  it('says the catalogue texts with the period short label', () => {
    expect(savePeriodScoreError(2, QUARTER_MODEL)).toBe('Failed to save Q2 score');
    expect(savePeriodScoreError(2, HALF_MODEL)).toBe('Failed to save H2 score');
    expect(createWinnerRecordError(1, HALF_MODEL)).toBe('Failed to create winner record for H1');
    expect(periodWinnerToast(1, 'alice', HALF_MODEL)).toBe('H1 winner processed: alice');
    expect(payoutRetryToast(2, HALF_MODEL)).toBe('H2 payout retry successful!');
  });

  it('logs a confirmation with the period as My Winnings names it', () => {
    const facts = { action: 'confirmed', actor: 'org', subject: 'alice', squares: [square], detail: { period: 1 as const, amount_cents: 5000 } } as const;
    expect(activityMessage(facts, QUARTER_MODEL)).toBe('org confirmed the 1st Quarter: alice wins $50.00 with Row 3, column 7');
    expect(activityMessage(facts, HALF_MODEL)).toBe('org confirmed the 1st Half: alice wins $50.00 with Row 3, column 7');
    expect(activityMessage({ ...facts, detail: { period: 2, amount_cents: 5000 } }, HALF_MODEL)).toContain('confirmed the Final');
  });

  it('logs a draw of the numbers, and an early draw of a later set by its number (D35)', () => {
    const facts = { action: 'drawn', actor: 'org', subject: null, squares: [], detail: {} } as const;
    expect(activityMessage(facts, QUARTER_MODEL)).toBe('org drew the numbers');
    expect(activityMessage({ ...facts, detail: { set: 2 } }, QUARTER_MODEL)).toBe('org drew number set 2');
  });

  it('asks for every period of the game before Confirm All', () => {
    const ok = { teamA: '7', teamB: '3' };
    expect(areAllPeriodScoresValid({ 1: ok, 2: ok }, HALF_MODEL)).toBe(true);
    expect(areAllPeriodScoresValid({ 1: ok, 2: ok }, QUARTER_MODEL)).toBe(false);
    expect(areAllPeriodScoresValid({ 1: ok, 2: ok, 3: ok, 4: ok }, QUARTER_MODEL)).toBe(true);
    expect(areAllPeriodScoresValid({ 1: ok }, HALF_MODEL)).toBe(false);
  });

  it('refuses a period the game does not have, and says overtime is in the Final (D37)', () => {
    expect(notAPeriodText(HALF_MODEL, 3)).toBe('This game is played in halves: it has no period 3.');
    expect(overtimeRuleText(HALF_MODEL)).toBe('Overtime counts toward the Final score: the half winners before it are not changed.');
    expect(overtimeRuleText(QUARTER_MODEL)).toContain('quarter winners');
    expect(OVERTIME_RULE).toBe('Overtime counts toward the Final score.');
    expect(periodEntryLabel(HALF_MODEL, 1)).toBe('1st Half');
    expect(periodEntryLabel(HALF_MODEL, finalPeriod(HALF_MODEL))).toBe('Final (including overtime)');
    expect(periodEntryLabel(QUARTER_MODEL, 3)).toBe('3rd Quarter');
    expect(periodEntryLabel(QUARTER_MODEL, 4)).toBe('Final (including overtime)');
  });
});

describe("payouts in halves: each half gets its two quarters' shares of the schedule (the one plan, D34)", () => {
  const game = (game_type: string, payout_schedule: 'even' | 'final-heavy' | 'organizer-20') =>
    ({ game_type, payout_schedule, payout_shares: null, organizer_percent: null, unbought_rule: 'house' }) as const;

  it('keeps the schedules for quarters', () => {
    expect(rulesOfGame(game('nfl', 'final-heavy'))).toEqual({ shares: { kind: 'schedule', schedule: 'final-heavy' }, unbought: 'house' });
  });

  it('pays each half its share, rounded down, and names it', () => {
    const halves = (schedule: 'even' | 'final-heavy' | 'organizer-20') =>
      payoutRules(100000, game('college-basketball', schedule)).periods.map(({ label, percent, cents }) => [label, percent, cents]);
    expect(halves('even')).toEqual([
      ['1st Half', 50, 50000],
      ['Final', 50, 50000],
    ]);
    expect(halves('final-heavy')).toEqual([
      ['1st Half', 40, 40000],
      ['Final', 60, 60000],
    ]);
    expect(halves('organizer-20')).toEqual([
      ['1st Half', 40, 40000],
      ['Final', 40, 40000],
    ]);
    expect(payoutRules(100000, game('college-basketball', 'organizer-20')).organizer).toMatchObject({ percent: 20, cents: 20000 });
    expect(payoutSummary(game('college-basketball', 'even'))).toBe('H1 50% · Final 50%');
    expect(payoutSummary(game('college-basketball', 'organizer-20'))).toBe('H1 40% · Final 40% · Organizer 20%');
    expect(payoutSummary('even')).toBe('Q1-Q3 25% · Final 25%');
    expect(payoutSummary('final-heavy')).toBe('Q1-Q3 20% · Final 40%');
  });

  it('keeps the results ledger to two lines that add up to the pot', () => {
    const ledger = resultsLedger(100000, game('college-basketball', 'even'), [{ period: 1, winner: 'alice', payoutCents: 50000 }]);
    expect(ledger.lines.map((line) => [line.kind, line.label, line.cents])).toEqual([
      ['won', 'H1', 50000],
      ['to-play', 'H2', 50000],
    ]);
    expect(youWonText(1, 50000, HALF_MODEL)).toBe('You won H1 - $500.00');
    expect(youWonText(1, 25000, QUARTER_MODEL)).toBe('You won Q1 - $250.00');
  });
});
