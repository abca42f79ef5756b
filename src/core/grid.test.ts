import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIGITS,
  drawGridNumbers,
  isDigit,
  isDigitPermutation,
  ownedSquarePlace,
  sameSquare,
  shuffle,
  shuffleDigits,
  squareKey,
  squarePairLabel,
  squarePositionLabel,
} from './grid';

/** A random source replaying the given numbers, each reduced into range. */
function replay(values: readonly number[]): (maxExclusive: number) => number {
  let i = 0;
  return (maxExclusive) => (values[i++ % values.length] as number) % maxExclusive;
}

describe('digits', () => {
  it('are 0-9', () => {
    expect(DIGITS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const digit of DIGITS) expect(isDigit(digit)).toBe(true);
    for (const bad of [-1, 10, 1.5, Number.NaN, '3', null, undefined, Infinity]) expect(isDigit(bad)).toBe(false);
  });
});

describe('squareKey / sameSquare', () => {
  it('gives each square its own key', () => {
    expect(squareKey({ x: 2, y: 6 })).toBe('2,6');
    expect(squareKey({ x: 6, y: 2 })).not.toBe(squareKey({ x: 2, y: 6 }));
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

  it('says an owned square in words only until its numbers are shown, then with the pair', () => {
    expect(ownedSquarePlace({ x: 0, y: 2 }, false)).toEqual({ position: 'Row 1, column 3', pair: null });
    expect(ownedSquarePlace({ x: 0, y: 2 }, true)).toEqual({ position: 'Row 1, column 3', pair: '(0, 2)' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (x, y) => {
        const { position, pair } = ownedSquarePlace({ x, y }, false);
        return pair === null && !/\(|\b0\b/.test(position);
      }),
    );
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
