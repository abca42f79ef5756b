import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, selectedSquares, selectRange, toggleLine, toggleSquare } from './board-selection';

const SIZE = { rows: 10, columns: 10 };

describe('the organizer board selection (D32)', () => {
  it('click toggles one square and sets the anchor', () => {
    const one = toggleSquare(EMPTY_SELECTION, { x: 2, y: 3 });
    expect(selectedSquares(one)).toEqual([{ x: 2, y: 3 }]);
    expect(one.anchor).toEqual({ x: 2, y: 3 });
    expect(selectedSquares(toggleSquare(one, { x: 2, y: 3 }))).toEqual([]);
  });

  it('shift-click adds the rectangle from the anchor, whichever way it runs', () => {
    const start = toggleSquare(EMPTY_SELECTION, { x: 3, y: 4 });
    const range = selectRange(start, { x: 2, y: 2 });
    expect(selectedSquares(range)).toEqual([
      { x: 2, y: 2 },
      { x: 2, y: 3 },
      { x: 2, y: 4 },
      { x: 3, y: 2 },
      { x: 3, y: 3 },
      { x: 3, y: 4 },
    ]);
    // Without an anchor it is a plain toggle.
    expect(selectedSquares(selectRange(EMPTY_SELECTION, { x: 0, y: 0 }))).toEqual([{ x: 0, y: 0 }]);
  });

  it('a row or a column is added whole, and taken away when all of it was chosen', () => {
    const row = toggleLine(EMPTY_SELECTION, { row: 4 }, SIZE);
    expect(selectedSquares(row)).toHaveLength(10);
    expect(selectedSquares(row).every((s) => s.x === 4)).toBe(true);
    const both = toggleLine(row, { column: 0 }, SIZE);
    expect(selectedSquares(both)).toHaveLength(19);
    expect(selectedSquares(toggleLine(both, { row: 4 }, SIZE))).toHaveLength(9);
  });
});
