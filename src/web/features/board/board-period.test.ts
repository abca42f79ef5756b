import { describe, expect, it } from 'vitest';
import { winner } from './board-test-data';
import { numbersPeriodOf, shownPeriod } from './board-period';

describe('shownQuarter (D43): the period the game-day board shows', () => {
  const winners = [winner(1, 0, 0), winner(2, 1, 1)];

  it('without a choice: the period in play when the board shows its set, else the latest confirmed, else none', () => {
    expect(shownPeriod(null, 3, 2, winners)).toBe(3);
    expect(shownPeriod(null, null, 2, winners)).toBe(2);
    expect(shownPeriod(null, null, null, [])).toBeNull();
  });

  it("the viewer's choice while it is still there to show: a confirmed period or the one in play", () => {
    expect(shownPeriod(1, null, 2, winners)).toBe(1);
    expect(shownPeriod(3, 3, 2, winners)).toBe(3);
  });

  it('a choice no longer there (a corrected result, a set no longer in play) falls back', () => {
    expect(shownPeriod(4, null, 2, winners)).toBe(2);
    expect(shownPeriod(3, null, 2, winners)).toBe(2);
    expect(shownPeriod(1, null, null, [])).toBeNull();
  });
});

describe('numbersPeriodOf (D35): the period whose set the axes show with no period chosen', () => {
  it('on game day, the next period to confirm; the first before any', () => {
    expect(numbersPeriodOf('nfl', true, [])).toBe(1);
    expect(numbersPeriodOf('nfl', true, [winner(1, 0, 0), winner(2, 0, 0)])).toBe(3);
    expect(numbersPeriodOf('college-basketball', true, [winner(1, 0, 0)])).toBe(2);
  });

  it('none once every period is confirmed, and none before game day (the latest set drawn)', () => {
    expect(numbersPeriodOf('college-basketball', true, [winner(1, 0, 0), winner(2, 0, 0)])).toBeNull();
    expect(numbersPeriodOf('nfl', false, [])).toBeNull();
  });
});
