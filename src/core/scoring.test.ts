import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASSIC_SHAPE, squaresOf, winningSquareOf } from './board-shape';
import { DIGITS, type Digit } from './grid';
import { lastDigit, winningDigits } from './scoring';

const permutation = fc.shuffledSubarray([...DIGITS], { minLength: 10, maxLength: 10 });
const score = fc.integer({ min: 0, max: 199 });
const IDENTITY = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const axes = (x: readonly number[], y: readonly number[]) => ({ xAxisNumbers: x as Digit[], yAxisNumbers: y as Digit[] });

describe('lastDigit', () => {
  it('is the score modulo 10', () => {
    expect(lastDigit(0)).toBe(0);
    expect(lastDigit(7)).toBe(7);
    expect(lastDigit(17)).toBe(7);
    expect(lastDigit(120)).toBe(0);
    expect(lastDigit(199)).toBe(9);
  });

  it('equals the last character of the score written out', () => {
    fc.assert(
      fc.property(score, (s) => {
        expect(String(lastDigit(s))).toBe(String(s).at(-1));
      }),
    );
  });

  it.each([-1, 1.5, Number.NaN, Infinity])('refuses %s', (bad) => {
    expect(() => lastDigit(bad)).toThrow(RangeError);
  });

  it('gives both teams their digit', () => {
    expect(winningDigits(24, 17)).toEqual({ teamADigit: 4, teamBDigit: 7 });
  });
});

describe('winningSquareOf on the 10 x 10 board (D14, D15)', () => {
  it("is the row showing team A's digit and the column showing team B's digit", () => {
    const xAxis = [3, 8, 1, 0, 9, 4, 7, 2, 6, 5];
    const yAxis = [6, 0, 2, 9, 5, 1, 8, 3, 7, 4];
    // Team A 24 -> 4, shown on row 5; team B 17 -> 7, shown on column 8.
    expect(winningSquareOf(CLASSIC_SHAPE, axes(xAxis, yAxis), 24, 17)).toEqual({ x: 5, y: 8 });
    // The spec's lookup "x = last digit" would say {x: 4, y: 7}: wrong after a shuffle.
    expect(winningSquareOf(CLASSIC_SHAPE, axes(xAxis, yAxis), 24, 17)).not.toEqual({ x: 4, y: 7 });
  });

  it('does not mix up the teams', () => {
    const xAxis = [3, 8, 1, 0, 9, 4, 7, 2, 6, 5];
    expect(winningSquareOf(CLASSIC_SHAPE, axes(xAxis, IDENTITY), 10, 0)).toEqual({ x: 3, y: 0 });
    expect(winningSquareOf(CLASSIC_SHAPE, axes(IDENTITY, xAxis), 0, 10)).toEqual({ x: 0, y: 3 });
  });

  it('matches the digit lookup before numbers are shuffled (identity axes)', () => {
    fc.assert(
      fc.property(score, score, (a, b) => {
        expect(winningSquareOf(CLASSIC_SHAPE, axes(IDENTITY, IDENTITY), a, b)).toEqual({ x: a % 10, y: b % 10 });
      }),
    );
  });

  it('for all axes and scores 0-199, is the one and only square D15 names', () => {
    fc.assert(
      fc.property(permutation, permutation, score, score, (xAxis, yAxis, a, b) => {
        const named = squaresOf(CLASSIC_SHAPE).filter(({ x, y }) => xAxis[x] === a % 10 && yAxis[y] === b % 10);
        expect(named).toHaveLength(1);
        expect(winningSquareOf(CLASSIC_SHAPE, axes(xAxis, yAxis), a, b)).toEqual(named[0]);
      }),
      { numRuns: 500 },
    );
  });

  it('gives every one of the 100 pairs of last digits its own square', () => {
    fc.assert(
      fc.property(permutation, permutation, (xAxis, yAxis) => {
        const winners = new Set<string>();
        for (let a = 0; a < 10; a += 1)
          for (let b = 0; b < 10; b += 1) {
            const { x, y } = winningSquareOf(CLASSIC_SHAPE, axes(xAxis, yAxis), a, b);
            winners.add(`${x},${y}`);
          }
        expect(winners.size).toBe(100);
      }),
      { numRuns: 50 },
    );
  });

  it.each([
    ['a repeated digit', [0, 1, 2, 3, 4, 5, 6, 7, 8, 8]],
    ['nine digits', [0, 1, 2, 3, 4, 5, 6, 7, 8]],
  ])('refuses axes with %s', (_, axis) => {
    expect(() => winningSquareOf(CLASSIC_SHAPE, axes(axis, IDENTITY), 1, 2)).toThrow(RangeError);
    expect(() => winningSquareOf(CLASSIC_SHAPE, axes(IDENTITY, axis), 1, 2)).toThrow(RangeError);
  });

  it('refuses a negative score', () => {
    expect(() => winningSquareOf(CLASSIC_SHAPE, axes(IDENTITY, IDENTITY), -3, 2)).toThrow(RangeError);
  });
});
