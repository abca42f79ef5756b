import { describe, expect, it } from 'vitest';
import { gridMove, type MoveKey } from './use-roving-focus';

const key = (name: string, modifiers: Partial<MoveKey> = {}): MoveKey => ({ key: name, ctrlKey: false, metaKey: false, ...modifiers });
const TEN = { rows: 10, columns: 10 };

describe('gridMove (the one keyboard map of the square grids)', () => {
  it('arrow keys move one square: up and down change the row (x), left and right the column (y)', () => {
    const from = { x: 4, y: 6 };
    expect(gridMove(key('ArrowUp'), from, TEN)).toEqual({ x: 3, y: 6 });
    expect(gridMove(key('ArrowDown'), from, TEN)).toEqual({ x: 5, y: 6 });
    expect(gridMove(key('ArrowLeft'), from, TEN)).toEqual({ x: 4, y: 5 });
    expect(gridMove(key('ArrowRight'), from, TEN)).toEqual({ x: 4, y: 7 });
  });

  it('stops at the edges', () => {
    expect(gridMove(key('ArrowUp'), { x: 0, y: 3 }, TEN)).toEqual({ x: 0, y: 3 });
    expect(gridMove(key('ArrowLeft'), { x: 2, y: 0 }, TEN)).toEqual({ x: 2, y: 0 });
    expect(gridMove(key('ArrowDown'), { x: 9, y: 3 }, TEN)).toEqual({ x: 9, y: 3 });
    expect(gridMove(key('ArrowRight'), { x: 2, y: 9 }, TEN)).toEqual({ x: 2, y: 9 });
  });

  it('Home and End go to the ends of the row; with Ctrl or Cmd to the first and last squares', () => {
    const from = { x: 1, y: 4 };
    expect(gridMove(key('Home'), from, TEN)).toEqual({ x: 1, y: 0 });
    expect(gridMove(key('End'), from, TEN)).toEqual({ x: 1, y: 9 });
    expect(gridMove(key('Home', { ctrlKey: true }), from, TEN)).toEqual({ x: 0, y: 0 });
    expect(gridMove(key('End', { metaKey: true }), from, TEN)).toEqual({ x: 9, y: 9 });
  });

  it('Page Up and Page Down go to the ends of the column', () => {
    expect(gridMove(key('PageUp'), { x: 5, y: 2 }, TEN)).toEqual({ x: 0, y: 2 });
    expect(gridMove(key('PageDown'), { x: 5, y: 2 }, TEN)).toEqual({ x: 9, y: 2 });
  });

  it('follows the size it is given: rows and columns apart (a 5 by 10 grid)', () => {
    const size = { rows: 5, columns: 10 };
    expect(gridMove(key('PageDown'), { x: 0, y: 7 }, size)).toEqual({ x: 4, y: 7 });
    expect(gridMove(key('End'), { x: 2, y: 0 }, size)).toEqual({ x: 2, y: 9 });
    expect(gridMove(key('End', { ctrlKey: true }), { x: 0, y: 0 }, size)).toEqual({ x: 4, y: 9 });
    expect(gridMove(key('ArrowDown'), { x: 4, y: 1 }, size)).toEqual({ x: 4, y: 1 });
    expect(gridMove(key('End'), { x: 3, y: 0 }, { rows: 5, columns: 5 })).toEqual({ x: 3, y: 4 });
  });

  it('leaves other keys alone (Enter, Space and Tab act or leave as usual)', () => {
    for (const name of ['Enter', ' ', 'Tab', 'a', 'Escape']) expect(gridMove(key(name), { x: 1, y: 1 }, TEN)).toBeNull();
  });
});
