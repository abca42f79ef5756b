import { describe, expect, it } from 'vitest';
import type { Digit } from './grid';
import { boardPeriod, currentNumbers, nextSetToDraw, numbersForPeriod, numbersHoldForText, setShownFor, winnersBySet } from './set-numbers';

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

describe("each period's winner on its own set (D49)", () => {
  const named = (set: number, label: string, first: number, last: number, start: number | null) => ({
    set,
    periods_label: label,
    ...(start === null ? waiting(first, last) : drawn(first, last, start)),
  });
  const halftime = [named(1, 'Q1-Q2', 1, 2, 1), named(2, 'Q3-Q4', 3, 4, 3)];
  const won = (period: number) => ({ period });

  it("shows a chosen period's own set, else the latest drawn", () => {
    expect(setShownFor(halftime, 2)?.set).toBe(1);
    expect(setShownFor(halftime, 3)?.set).toBe(2);
    expect(setShownFor(halftime, null)?.set).toBe(2);
    expect(setShownFor([halftime[0]!, named(2, 'Q3-Q4', 3, 4, null)], null)?.set).toBe(1);
    expect(setShownFor([], 2)).toBeNull();
  });

  it('puts on the board only the winners of the shown set, and lists the others by their set', () => {
    const winners = [won(3), won(1), won(2)];
    const onSet2 = winnersBySet(halftime, setShownFor(halftime, 3), winners);
    expect(onSet2.onBoard).toEqual([won(3)]);
    expect(onSet2.elsewhere).toEqual([{ set: 1, text: 'Won on set 1 (Q1-Q2 numbers)', winners: [won(1), won(2)] }]);
    const onSet1 = winnersBySet(halftime, setShownFor(halftime, 2), winners);
    expect(onSet1.onBoard).toEqual([won(1), won(2)]);
    expect(onSet1.elsewhere.map((group) => [group.set, group.winners])).toEqual([[2, [won(3)]]]);
  });

  it('keeps every winner on the board of a game with one set, or an answer without sets', () => {
    const one = [named(1, 'Q1-Q4', 1, 4, 1)];
    expect(winnersBySet(one, setShownFor(one, 4), [won(1), won(4)])).toEqual({ onBoard: [won(1), won(4)], elsewhere: [] });
    expect(winnersBySet([], null, [won(2)])).toEqual({ onBoard: [won(2)], elsewhere: [] });
  });

  it('lists every set apart when each period has its own', () => {
    const each = [named(1, 'Q1', 1, 1, 1), named(2, 'Q2', 2, 2, 2), named(3, 'Q3', 3, 3, 3), named(4, 'Q4', 4, 4, null)];
    const view = winnersBySet(each, setShownFor(each, 3), [won(1), won(2), won(3)]);
    expect(view.onBoard).toEqual([won(3)]);
    expect(view.elsewhere.map((group) => group.text)).toEqual(['Won on set 1 (Q1 numbers)', 'Won on set 2 (Q2 numbers)']);
  });

  it('says which periods the axes hold for', () => {
    expect(numbersHoldForText('Q1-Q2')).toBe('Q1-Q2 numbers');
  });
});
