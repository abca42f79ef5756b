import { describe, expect, it } from 'vitest';
import type { Digit } from './grid';
import { currentNumbers, numbersForPeriod } from './set-numbers';

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
