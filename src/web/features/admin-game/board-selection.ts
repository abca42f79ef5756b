/**
 * The organizer's selection on the admin board (D32): which squares are chosen, as a set of
 * square keys. Click toggles one square, shift-click adds the rectangle from the last square
 * clicked (the anchor) to this one, and a whole row or column can be added at once.
 */
import { type Coordinate, squareKey } from '@core/grid';

export interface BoardSelection {
  readonly keys: ReadonlySet<string>;
  /** The last square clicked without Shift: where a range starts. */
  readonly anchor: Coordinate | null;
}

export const EMPTY_SELECTION: BoardSelection = { keys: new Set(), anchor: null };

export function toggleSquare(selection: BoardSelection, square: Coordinate): BoardSelection {
  const keys = new Set(selection.keys);
  const key = squareKey(square);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { keys, anchor: square };
}

/** Shift-click: every square of the rectangle from the anchor to `square` is added (a toggle without an anchor). */
export function selectRange(selection: BoardSelection, square: Coordinate): BoardSelection {
  const from = selection.anchor;
  if (!from) return toggleSquare(selection, square);
  const keys = new Set(selection.keys);
  for (let x = Math.min(from.x, square.x); x <= Math.max(from.x, square.x); x++) {
    for (let y = Math.min(from.y, square.y); y <= Math.max(from.y, square.y); y++) keys.add(squareKey({ x, y }));
  }
  return { keys, anchor: from };
}

/** Adds a whole row (x) or column (y); when all of it is chosen already, takes it away. */
export function toggleLine(selection: BoardSelection, line: { row: number } | { column: number }, size: { rows: number; columns: number }): BoardSelection {
  const squares: Coordinate[] =
    'row' in line ? Array.from({ length: size.columns }, (_, y) => ({ x: line.row, y })) : Array.from({ length: size.rows }, (_, x) => ({ x, y: line.column }));
  const keys = new Set(selection.keys);
  const all = squares.every((square) => keys.has(squareKey(square)));
  for (const square of squares) {
    if (all) keys.delete(squareKey(square));
    else keys.add(squareKey(square));
  }
  return { keys, anchor: selection.anchor };
}

/** The chosen squares in reading order (row by row). */
export function selectedSquares(selection: BoardSelection): Coordinate[] {
  return [...selection.keys]
    .map((key) => {
      const [x, y] = key.split(',').map(Number) as [number, number];
      return { x, y };
    })
    .sort((a, b) => a.x - b.x || a.y - b.y);
}
