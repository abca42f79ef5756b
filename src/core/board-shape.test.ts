import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_SIZES,
  axisLineDigits,
  axisLineOfDigit,
  boardShape,
  isSquareOf,
  shapeOfDimensions,
  squareIndex,
  squaresOf,
  winningSquareOf,
} from './board-shape';
import { DIGITS, type Digit } from './grid';

const permutation = fc.shuffledSubarray([...DIGITS], { minLength: 10, maxLength: 10 }) as fc.Arbitrary<Digit[]>;

describe('board shapes (D36)', () => {
  it('has 100, 50 and 25 squares with one or two digits per line', () => {
    expect(
      BOARD_SIZES.map((size) => {
        const s = boardShape(size);
        return [s.rows, s.columns, s.digitsPerRow, s.digitsPerColumn, s.rows * s.columns];
      }),
    ).toEqual([
      [10, 10, 1, 1, 100],
      [5, 10, 2, 1, 50],
      [5, 5, 2, 2, 25],
    ]);
  });

  it('reads a stored shape back and refuses a pair that is no board', () => {
    expect(shapeOfDimensions(5, 10).size).toBe(50);
    expect(() => shapeOfDimensions(10, 5)).toThrow(/No board has 10 rows and 5 columns/);
  });

  it('lists every square once in position order, each inside the shape', () => {
    for (const size of BOARD_SIZES) {
      const shape = boardShape(size);
      const squares = squaresOf(shape);
      expect(squares).toHaveLength(size);
      expect(squares.map((square) => squareIndex(shape, square))).toEqual([...Array(size).keys()]);
      expect(squares.every((square) => isSquareOf(shape, square))).toBe(true);
    }
    expect(isSquareOf(boardShape(50), { x: 5, y: 0 })).toBe(false);
    expect(isSquareOf(boardShape(50), { x: 4, y: 9 })).toBe(true);
    expect(isSquareOf(boardShape(25), { x: 0, y: 5 })).toBe(false);
  });

  it('gives a two-digit line the next two digits of the drawn order', () => {
    const sequence = [3, 8, 0, 1, 9, 2, 7, 4, 6, 5] as Digit[];
    expect(axisLineDigits(sequence, 2)).toEqual([
      [3, 8],
      [0, 1],
      [9, 2],
      [7, 4],
      [6, 5],
    ]);
    expect(axisLineOfDigit(sequence, 2)).toEqual([1, 1, 2, 0, 3, 4, 4, 3, 0, 2]);
    expect(axisLineOfDigit(sequence, 1)[3]).toBe(0);
    expect(() => axisLineOfDigit([1, 1, 2, 3, 4, 5, 6, 7, 8, 9] as Digit[], 1)).toThrow(/permutation/);
  });

  it('picks exactly one winning square for every size, set of digits and score', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOARD_SIZES), permutation, permutation, fc.nat(200), fc.nat(200), (size, xs, ys, a, b) => {
        const shape = boardShape(size);
        const winner = winningSquareOf(shape, { xAxisNumbers: xs, yAxisNumbers: ys }, a, b);
        const rows = axisLineDigits(xs, shape.digitsPerRow);
        const columns = axisLineDigits(ys, shape.digitsPerColumn);
        // Count, square by square, which squares carry both last digits: exactly one, the winner.
        const carrying = squaresOf(shape).filter(({ x, y }) => rows[x]?.includes((a % 10) as Digit) && columns[y]?.includes((b % 10) as Digit));
        expect(carrying).toEqual([winner]);
      }),
      { numRuns: 500 },
    );
  });
});
