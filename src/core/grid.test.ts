import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIGITS,
  GRID_SIZE,
  SQUARE_COUNT,
  allSquares,
  drawGridNumbers,
  isCoordinate,
  isDigitPermutation,
  isGridIndex,
  sameSquare,
  shuffle,
  shuffleDigits,
  squareDigitsLabel,
  squareKey,
  squarePairLabel,
  squarePositionLabel,
} from './grid';

/** A random source replaying the given numbers, each reduced into range. */
function replay(values: readonly number[]): (maxExclusive: number) => number {
  let i = 0;
  return (maxExclusive) => (values[i++ % values.length] as number) % maxExclusive;
}

describe('board size', () => {
  it('is 10 by 10, 100 squares, digits 0-9', () => {
    expect(GRID_SIZE).toBe(10);
    expect(SQUARE_COUNT).toBe(100);
    expect(DIGITS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('isGridIndex / isCoordinate', () => {
  it('accepts integers 0-9 only', () => {
    for (let i = 0; i < 10; i += 1) expect(isGridIndex(i)).toBe(true);
    for (const bad of [-1, 10, 1.5, Number.NaN, '3', null, undefined, Infinity]) expect(isGridIndex(bad)).toBe(false);
  });

  it('accepts {x, y} with both in range, ignoring extra keys', () => {
    expect(isCoordinate({ x: 0, y: 9 })).toBe(true);
    expect(isCoordinate({ x: 2, y: 6, owner: 'a' })).toBe(true);
  });

  it.each([null, undefined, 5, 'x', [], {}, { x: 1 }, { y: 1 }, { x: 10, y: 0 }, { x: 0, y: -1 }, { x: '1', y: 2 }, { x: 1.5, y: 2 }])(
    'rejects %j',
    (value) => {
      expect(isCoordinate(value)).toBe(false);
    },
  );

  it('holds exactly for the 100 squares of the board', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), (x, y) => {
        expect(isCoordinate({ x, y })).toBe(x >= 0 && x <= 9 && y >= 0 && y <= 9);
      }),
    );
  });
});

describe('squareKey / sameSquare / allSquares', () => {
  it('gives each of the 100 squares its own key', () => {
    const squares = allSquares();
    expect(squares).toHaveLength(100);
    expect(new Set(squares.map(squareKey)).size).toBe(100);
    expect(squareKey({ x: 2, y: 6 })).toBe('2,6');
  });

  it('lists squares row by row', () => {
    const squares = allSquares();
    expect(squares[0]).toEqual({ x: 0, y: 0 });
    expect(squares[1]).toEqual({ x: 0, y: 1 });
    expect(squares[10]).toEqual({ x: 1, y: 0 });
    expect(squares[99]).toEqual({ x: 9, y: 9 });
  });

  it('compares squares by position', () => {
    expect(sameSquare({ x: 1, y: 2 }, { x: 1, y: 2 })).toBe(true);
    expect(sameSquare({ x: 1, y: 2 }, { x: 2, y: 1 })).toBe(false);
  });
});

describe('labels', () => {
  it('counts rows and columns from 1 for people (D14)', () => {
    expect(squarePositionLabel({ x: 2, y: 6 })).toBe('Row 3, column 7');
    expect(squarePositionLabel({ x: 0, y: 0 })).toBe('Row 1, column 1');
    expect(squarePositionLabel({ x: 9, y: 9 })).toBe('Row 10, column 10');
  });

  it("shows My Squares' (x, y) pairs from 0", () => {
    expect(squarePairLabel({ x: 2, y: 6 })).toBe('(2, 6)');
  });

  it("names a square's two digits once drawn, team A's row digit first (D14)", () => {
    const numbers = { xAxisNumbers: [3, 1, 4, 0, 2, 5, 9, 8, 6, 7], yAxisNumbers: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] } as const;
    expect(squareDigitsLabel({ x: 2, y: 6 }, { teamA: 'Lions', teamB: 'Bears' }, numbers)).toBe('Lions 4 - Bears 3');
    expect(squareDigitsLabel({ x: 0, y: 0 }, { teamA: 'Lions', teamB: 'Bears' }, numbers)).toBe('Lions 3 - Bears 9');
  });
});

describe('shuffle', () => {
  it('asks the source for 10, 9, ..., 2 when shuffling ten digits (Fisher-Yates, not Sattolo)', () => {
    const asked: number[] = [];
    shuffleDigits((max) => {
      asked.push(max);
      return 0;
    });
    expect(asked).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('maps every sequence of choices to a different order, so a uniform source gives uniform orders', () => {
    // For 5 items there are 5*4*3*2 = 120 choice sequences and 5! = 120 orders.
    const orders = new Set<string>();
    for (let a = 0; a < 5; a += 1)
      for (let b = 0; b < 4; b += 1)
        for (let c = 0; c < 3; c += 1)
          for (let d = 0; d < 2; d += 1) {
            const choices = [a, b, c, d];
            let i = 0;
            orders.add(shuffle(['A', 'B', 'C', 'D', 'E'], () => choices[i++] as number).join(''));
          }
    expect(orders.size).toBe(120);
  });

  it('keeps the input untouched', () => {
    const items = [1, 2, 3];
    shuffle(items, () => 0);
    expect(items).toEqual([1, 2, 3]);
  });

  it('leaves the order as is when every choice is the last position', () => {
    expect(shuffleDigits((max) => max - 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it.each([
    ['the bound itself', (max: number) => max],
    ['a negative number', () => -1],
    ['a fraction', () => 0.5],
    ['NaN', () => Number.NaN],
  ])('refuses a source that returns %s', (_, source) => {
    expect(() => shuffleDigits(source)).toThrow(RangeError);
  });

  it('always yields a permutation of 0-9', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (values) => {
        const digits = shuffleDigits(replay(values));
        expect(isDigitPermutation(digits)).toBe(true);
        expect([...digits].sort((a, b) => a - b)).toEqual([...DIGITS]);
      }),
    );
  });
});

describe('drawGridNumbers', () => {
  it('draws the two axes as two independent shuffles from the same source', () => {
    const asked: number[] = [];
    const { xAxisNumbers, yAxisNumbers } = drawGridNumbers((max) => {
      asked.push(max);
      return asked.length % max;
    });
    expect(asked).toHaveLength(18);
    expect(isDigitPermutation(xAxisNumbers)).toBe(true);
    expect(isDigitPermutation(yAxisNumbers)).toBe(true);
    expect(xAxisNumbers).not.toEqual(yAxisNumbers);
  });
});

describe('isDigitPermutation', () => {
  it('accepts every order of 0-9', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...DIGITS], { minLength: 10, maxLength: 10 }), (digits) => {
        expect(isDigitPermutation(digits)).toBe(true);
      }),
    );
  });

  it.each([
    ['a repeated digit', [0, 1, 2, 3, 4, 5, 6, 7, 8, 8]],
    ['nine digits', [0, 1, 2, 3, 4, 5, 6, 7, 8]],
    ['eleven digits', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0]],
    ['a 10', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    ['strings', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
    ['a fraction', [0, 1, 2, 3, 4, 5, 6, 7, 8, 8.5]],
    ['not an array', '0123456789'],
    ['null', null],
  ])('rejects %s', (_, value) => {
    expect(isDigitPermutation(value)).toBe(false);
  });
});
