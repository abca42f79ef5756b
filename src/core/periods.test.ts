import { describe, expect, it } from 'vitest';
import {
  isPeriod,
  HALF_MODEL,
  QUARTER_MODEL,
  nextPeriodToConfirm,
  numberSetFor,
  numberSetPeriodsLabel,
  numberSetRanges,
  periodEndLabel,
  periodModel,
  periodShortLabel,
  periodWinningsLabel,
} from './periods';

describe('periods per game type', () => {
  it('plays college basketball in halves and the rest in quarters', () => {
    expect(periodModel('college-basketball')).toBe(HALF_MODEL);
    for (const type of ['nfl', 'college-football', 'nba', 'other']) expect(periodModel(type)).toBe(QUARTER_MODEL);
  });

  it('names quarters and halves', () => {
    expect(QUARTER_MODEL.periods.map((p) => periodShortLabel(QUARTER_MODEL, p))).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(QUARTER_MODEL.periods.map((p) => periodWinningsLabel(QUARTER_MODEL, p))).toEqual(['1st Quarter', '2nd Quarter', '3rd Quarter', 'Final']);
    expect(QUARTER_MODEL.periods.map((p) => periodEndLabel(QUARTER_MODEL, p))).toEqual(['End of Q1', 'Halftime', 'End of Q3', 'Final']);
    expect(HALF_MODEL.periods.map((p) => periodShortLabel(HALF_MODEL, p))).toEqual(['H1', 'H2']);
    expect(HALF_MODEL.periods.map((p) => periodWinningsLabel(HALF_MODEL, p))).toEqual(['1st Half', 'Final']);
    expect(HALF_MODEL.periods.map((p) => periodEndLabel(HALF_MODEL, p))).toEqual(['Halftime', 'Final']);
  });

  it('confirms periods in order', () => {
    expect(nextPeriodToConfirm(QUARTER_MODEL, [1, 2])).toBe(3);
    expect(nextPeriodToConfirm(HALF_MODEL, [1, 2])).toBeNull();
  });
});

describe('isPeriod', () => {
  it('takes every period some model has, whatever the game, and nothing else', () => {
    expect([1, 2, 3, 4].every(isPeriod)).toBe(true);
    expect([0, 5, 1.5, '1', null, undefined].some(isPeriod)).toBe(false);
  });
});

describe('number sets (D35)', () => {
  it('splits the periods by mode', () => {
    expect(numberSetRanges(QUARTER_MODEL, 'game')).toEqual([{ set: 1, firstPeriod: 1, lastPeriod: 4 }]);
    expect(numberSetRanges(QUARTER_MODEL, 'period').map((r) => numberSetPeriodsLabel(QUARTER_MODEL, r))).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(numberSetRanges(QUARTER_MODEL, 'halftime').map((r) => numberSetPeriodsLabel(QUARTER_MODEL, r))).toEqual(['Q1-Q2', 'Q3-Q4']);
    expect(numberSetRanges(HALF_MODEL, 'halftime')).toEqual(numberSetRanges(HALF_MODEL, 'period'));
  });

  it('finds the set that decides each period', () => {
    expect(QUARTER_MODEL.periods.map((p) => numberSetFor(QUARTER_MODEL, 'halftime', p).set)).toEqual([1, 1, 2, 2]);
    expect(QUARTER_MODEL.periods.map((p) => numberSetFor(QUARTER_MODEL, 'game', p).set)).toEqual([1, 1, 1, 1]);
    expect(() => numberSetFor(HALF_MODEL, 'game', 3)).toThrow(/not a period/);
  });
});
