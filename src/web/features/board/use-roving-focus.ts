/**
 * One tab stop for a grid of squares (WAI-ARIA grid pattern, "roving tabindex"): the active
 * square has tabIndex 0, the others -1; arrow keys move one square, Home/End to the row's ends
 * (with Ctrl or Cmd: the grid's first and last squares), Page Up/Down to the column's ends.
 * Rows are x (down), columns are y (across), as in D14.
 */
import { type Coordinate, squareKey } from '@core/grid';
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';

export interface GridDimensions {
  readonly rows: number;
  readonly columns: number;
}

/** The keys of a keyboard event that decide a move. */
export type MoveKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>;

/** Where `event` moves the focus from `from` in a grid of `size`; null for other keys. */
export function gridMove(event: MoveKey, from: Coordinate, size: GridDimensions): Coordinate | null {
  const lastRow = size.rows - 1;
  const lastColumn = size.columns - 1;
  const row = (x: number) => Math.min(lastRow, Math.max(0, x));
  const column = (y: number) => Math.min(lastColumn, Math.max(0, y));
  const ctrl = event.ctrlKey || event.metaKey;
  switch (event.key) {
    case 'ArrowUp':
      return { x: row(from.x - 1), y: from.y };
    case 'ArrowDown':
      return { x: row(from.x + 1), y: from.y };
    case 'ArrowLeft':
      return { x: from.x, y: column(from.y - 1) };
    case 'ArrowRight':
      return { x: from.x, y: column(from.y + 1) };
    case 'Home':
      return ctrl ? { x: 0, y: 0 } : { x: from.x, y: 0 };
    case 'End':
      return ctrl ? { x: lastRow, y: lastColumn } : { x: from.x, y: lastColumn };
    case 'PageUp':
      return { x: 0, y: from.y };
    case 'PageDown':
      return { x: lastRow, y: from.y };
    default:
      return null;
  }
}

/** What a square's button needs; the functions keep their identity across renders (memo-safe). */
export interface RovingFocus {
  /** The square holding the tab stop. */
  readonly active: Coordinate;
  /** Gives the square's element (null when it unmounts), for moving the focus to it. */
  readonly register: (square: Coordinate, element: HTMLElement | null) => void;
  /** Makes `square` the tab stop (on focus, or on a click where clicks do not focus). */
  readonly activate: (square: Coordinate) => void;
  /** Moves the tab stop and the focus for the keys above; other keys pass through. */
  readonly onKeyDown: (event: KeyboardEvent, square: Coordinate) => void;
}

export function useRovingFocus({ rows, columns }: GridDimensions): RovingFocus {
  const [active, setActive] = useState<Coordinate>({ x: 0, y: 0 });
  const elements = useRef(new Map<string, HTMLElement>());

  const register = useCallback((square: Coordinate, element: HTMLElement | null) => {
    if (element) elements.current.set(squareKey(square), element);
    else elements.current.delete(squareKey(square));
  }, []);
  const activate = useCallback((square: Coordinate) => setActive({ x: square.x, y: square.y }), []);
  const onKeyDown = useCallback(
    (event: KeyboardEvent, square: Coordinate) => {
      const next = gridMove(event, square, { rows, columns });
      if (!next) return;
      event.preventDefault();
      setActive(next);
      elements.current.get(squareKey(next))?.focus();
    },
    [rows, columns],
  );
  return { active, register, activate, onKeyDown };
}
