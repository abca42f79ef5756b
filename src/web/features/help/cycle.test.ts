import { describe, expect, test } from 'vitest';
import { cycleIndex } from './cycle';

describe('cycleIndex (the tutorial wraps around)', () => {
  test('Next from the last goes to the first, Previous from the first to the last', () => {
    expect(cycleIndex(1, 1, 2)).toBe(0);
    expect(cycleIndex(0, -1, 2)).toBe(1);
  });

  test('moves within the list without wrapping', () => {
    expect(cycleIndex(0, 1, 2)).toBe(1);
    expect(cycleIndex(1, -1, 2)).toBe(0);
    expect(cycleIndex(2, 1, 6)).toBe(3);
  });

  test('steps larger than the list wrap as often as needed', () => {
    expect(cycleIndex(0, 5, 2)).toBe(1);
    expect(cycleIndex(0, -7, 3)).toBe(2);
  });

  test('a single item stays put; an empty list is refused', () => {
    expect(cycleIndex(0, 1, 1)).toBe(0);
    expect(cycleIndex(0, -1, 1)).toBe(0);
    expect(() => cycleIndex(0, 1, 0)).toThrow(RangeError);
  });
});
