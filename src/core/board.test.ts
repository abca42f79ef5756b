import { describe, expect, it } from 'vitest';
import { QUARTER_MODEL } from './periods';
import { squareAccessibleName } from './board';

const square = { x: 2, y: 6 };

describe('squareAccessibleName', () => {
  it.each([
    [{ kind: 'available' } as const, 'Row 3, column 7, available'],
    [{ kind: 'unsold' } as const, 'Row 3, column 7, not sold'],
    [{ kind: 'in-cart' } as const, 'Row 3, column 7, in your cart'],
    [{ kind: 'yours' } as const, 'Row 3, column 7, yours'],
    [{ kind: 'claimed', ownerName: 'alice' } as const, 'Row 3, column 7, claimed by alice'],
  ])('names a square that is %j', (holding, name) => {
    expect(squareAccessibleName(square, holding, [], QUARTER_MODEL)).toBe(name);
  });

  it('adds the quarters a square won, in game order', () => {
    const claimed = { kind: 'claimed', ownerName: 'alice' } as const;
    expect(squareAccessibleName(square, claimed, [2], QUARTER_MODEL)).toBe('Row 3, column 7, claimed by alice, winner of the 2nd quarter');
    expect(squareAccessibleName(square, { kind: 'yours' }, [4, 1], QUARTER_MODEL)).toBe('Row 3, column 7, yours, winner of the 1st and 4th quarters');
    expect(squareAccessibleName(square, { kind: 'unsold' }, [1, 2, 4], QUARTER_MODEL)).toBe(
      'Row 3, column 7, not sold, winner of the 1st, 2nd and 4th quarters',
    );
    expect(squareAccessibleName(square, claimed, [1, 2, 3, 4], QUARTER_MODEL)).toBe(
      'Row 3, column 7, claimed by alice, winner of the 1st, 2nd, 3rd and 4th quarters',
    );
  });

  it('names a quarter listed twice once', () => {
    expect(squareAccessibleName(square, { kind: 'yours' }, [3, 3], QUARTER_MODEL)).toBe('Row 3, column 7, yours, winner of the 3rd quarter');
  });
});
