import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_SIZES,
  BOARD_SIZE_LABELS,
  axisLineDigits,
  axisLineOfDigit,
  boardLineDigits,
  boardShape,
  boardSizeLabel,
  firstSquareOffBoard,
  isSquareOf,
  lineDigitsLabel,
  parseBoardSize,
  squareDigitsLabel,
  squareOffBoardMessage,
  shapeOfDimensions,
  squareIndex,
  squaresOf,
  winningSquareOf,
} from './board-shape';
import { DIGITS, type Digit } from './grid';
import { openSquares } from './random-pick';
import { soldOut } from './sales';
import { adminPhase, gameCardBadge } from './status';

/** The clock the sales rule reads: long before any kickoff of these games. */
const NOW = new Date('2026-01-01T00:00:00Z');

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

describe('the shape in every rule that knew 10 x 10 (D36)', () => {
  const numbers = { xAxisNumbers: [3, 8, 0, 1, 9, 2, 7, 4, 6, 5] as Digit[], yAxisNumbers: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] as Digit[] };
  const teams = { teamA: 'Lions', teamB: 'Bears' };

  it("names a square's digits: one per line on 100, two per row on 50, two each on 25", () => {
    expect(squareDigitsLabel(boardShape(100), { x: 2, y: 6 }, teams, numbers)).toBe('Lions 0 - Bears 3');
    expect(squareDigitsLabel(boardShape(50), { x: 2, y: 6 }, teams, numbers)).toBe('Lions 9 / 2 - Bears 3');
    expect(squareDigitsLabel(boardShape(25), { x: 2, y: 3 }, teams, numbers)).toBe('Lions 9 / 2 - Bears 3 / 2');
    expect(lineDigitsLabel([3, 8])).toBe('3 / 8');
    expect(boardLineDigits(boardShape(25), numbers).columns).toEqual([
      [9, 8],
      [7, 6],
      [5, 4],
      [3, 2],
      [1, 0],
    ]);
  });

  it('finds the first square off the board and says why in the board size', () => {
    expect(
      firstSquareOffBoard(boardShape(25), [
        { x: 4, y: 4 },
        { x: 0, y: 5 },
        { x: 5, y: 0 },
      ]),
    ).toEqual({ x: 0, y: 5 });
    expect(firstSquareOffBoard(boardShape(50), [{ x: 4, y: 9 }])).toBeUndefined();
    expect(
      firstSquareOffBoard(boardShape(100), [
        { x: 9, y: 9 },
        { x: -1, y: 0 },
      ]),
    ).toEqual({ x: -1, y: 0 });
    expect(squareOffBoardMessage(boardShape(50), { x: 5, y: 2 })).toBe('Row 6, column 3 is not on this board: it has 50 squares, 5 rows x 10 columns.');
    expect(boardSizeLabel(boardShape(25))).toBe('25 squares');
  });

  it('reads the size a form sends, and nothing else', () => {
    expect([100, 50, 25, '50', ' 25 '].map(parseBoardSize)).toEqual([100, 50, 25, 50, 25]);
    expect([30, '10x10', 0, null, undefined, 2.5, '100.0'].map(parseBoardSize)).toEqual([null, null, null, null, null, null, null]);
    expect(BOARD_SIZES.map((size) => BOARD_SIZE_LABELS[size])).toEqual(['100 squares (10 x 10)', '50 squares (5 rows x 10 columns)', '25 squares (5 x 5)']);
  });

  it('is sold out, ready to shuffle and has open squares by its own size', () => {
    const game = (board_size: number, squares_claimed: number) => ({
      is_active: true,
      grid_shuffled: false,
      numbers_revealed: false,
      squares_claimed,
      board_size,
    });
    expect([soldOut(game(25, 25), NOW), soldOut(game(25, 24), NOW), soldOut(game(50, 50), NOW), soldOut(game(100, 50), NOW)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(adminPhase(game(25, 25))).toBe('Ready to Shuffle');
    expect(gameCardBadge(game(50, 50), NOW)).toBe('Sold Out');
    const shape = boardShape(25);
    const taken = squaresOf(shape).slice(1);
    expect(openSquares(shape, taken, [])).toEqual([{ x: 0, y: 0 }]);
    expect(openSquares(boardShape(50), [], [{ x: 0, y: 0 }])).toHaveLength(49);
    expect(openSquares(shape, [], []).every((square) => isSquareOf(shape, square))).toBe(true);
  });
});
