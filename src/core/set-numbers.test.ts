import { describe, expect, it } from 'vitest';
import type { Digit } from './grid';
import { boardPeriod, currentNumbers, nextSetToDraw, numbersForPeriod } from './set-numbers';

const axis = (start: number) => Array.from({ length: 10 }, (_, i) => ((start + i) % 10) as Digit);
const drawn = (first: number, last: number, start: number) => ({
  first_period: first,
  last_period: last,
  x_axis_numbers: axis(start),
  y_axis_numbers: axis(start + 5),
});
const waiting = (first: number, last: number) => ({ first_period: first, last_period: last, x_axis_numbers: null, y_axis_numbers: null });
const set1 = { x_axis_numbers: axis(1), y_axis_numbers: axis(6) };

describe('the numbers a board shows (D35)', () => {
  it("shows a period its own set's digits, and none while that set is not drawn", () => {
    const halftime = [drawn(1, 2, 1), waiting(3, 4)];
    expect(numbersForPeriod(halftime, 2, set1)).toEqual(set1);
    expect(numbersForPeriod(halftime, 3, set1)).toBeNull();
    const both = [drawn(1, 2, 1), drawn(3, 4, 3)];
    expect(numbersForPeriod(both, 4, set1)?.x_axis_numbers).toEqual(axis(3));
  });

  it('shows the latest drawn set when no period is chosen', () => {
    expect(currentNumbers([drawn(1, 1, 1), drawn(2, 2, 2), waiting(3, 3), waiting(4, 4)], set1)?.x_axis_numbers).toEqual(axis(2));
    expect(currentNumbers([waiting(1, 4)], set1)).toBeNull();
  });

  it('falls back to the one set of numbers for an answer without sets', () => {
    expect(numbersForPeriod([], 3, set1)).toBe(set1);
    expect(currentNumbers([], null)).toBeNull();
  });
});

describe('the period a game-day board shows first (D35)', () => {
  it('shows the period in play when it counts with a newer set that is drawn', () => {
    // A new set at halftime, Q2 confirmed, Q3 in play: set 2 drawn shows Q3; waiting shows Q2.
    expect(boardPeriod([drawn(1, 2, 1), drawn(3, 4, 3)], 2, 3)).toBe(3);
    expect(boardPeriod([drawn(1, 2, 1), waiting(3, 4)], 2, 3)).toBe(2);
    expect(boardPeriod([drawn(1, 2, 1)], 2, 3)).toBe(2);
  });

  it('keeps the latest confirmed period while the period in play counts with the same set', () => {
    expect(boardPeriod([drawn(1, 2, 1), drawn(3, 4, 3)], 1, 2)).toBe(1);
    expect(boardPeriod([drawn(1, 4, 1)], 3, 4)).toBe(3);
    // Before any confirmation, and once every period is confirmed.
    expect(boardPeriod([drawn(1, 2, 1), drawn(3, 4, 3)], null, 1)).toBeNull();
    expect(boardPeriod([drawn(1, 2, 1), drawn(3, 4, 3)], 4, null)).toBe(4);
  });
});

describe('the set an admin may draw early (D35)', () => {
  const at = '2026-11-26T23:00:00.000Z';
  it('is the first set with no ticket, once set 1 and every set before it are drawn', () => {
    expect(nextSetToDraw(2, [{ set: 1, drawn_at: at }])).toBe(2);
    expect(
      nextSetToDraw(4, [
        { set: 1, drawn_at: at },
        { set: 2, drawn_at: at },
      ]),
    ).toBe(3);
  });

  it('is none before set 1 is drawn, while a set waits for its digits, or when every set is ticketed', () => {
    expect(nextSetToDraw(2, [])).toBeNull();
    expect(nextSetToDraw(2, [{ set: 1, drawn_at: null }])).toBeNull();
    expect(
      nextSetToDraw(4, [
        { set: 1, drawn_at: at },
        { set: 2, drawn_at: null },
      ]),
    ).toBeNull();
    expect(
      nextSetToDraw(2, [
        { set: 1, drawn_at: at },
        { set: 2, drawn_at: null },
      ]),
    ).toBeNull();
    expect(nextSetToDraw(1, [{ set: 1, drawn_at: at }])).toBeNull();
  });
});
