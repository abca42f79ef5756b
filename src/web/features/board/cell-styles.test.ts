import { describe, expect, it } from 'vitest';
import { type BoardCell, boardCells, shapeOfBoard } from './board-cells';
import { claimed, drawnBoard, held, NOW, testBoard, winner } from './board-test-data';
import { CELL_STYLES, cellClassName, OWNER_HUES, ownerStyle, WINNER } from './cell-styles';

const classes = (cell: BoardCell, dimmed = false) => cellClassName(cell, dimmed).split(' ');

describe("the cells' look by state", () => {
  const board = testBoard({}, { squares: [claimed(0, 0, 'bob'), claimed(0, 1, 'me', { mine: true }), held(0, 2, { mine: true }), held(0, 3)] });
  const cells = boardCells(board, [{ x: 0, y: 4 }], shapeOfBoard(board.game), null, [], NOW);

  it("each state has its own classes, after the cell's own", () => {
    expect(new Set(Object.values(CELL_STYLES)).size).toBe(7);
    const states = cells.slice(0, 6).map((cell) => cell.state);
    expect(states).toEqual(['claimed', 'mine', 'mine-pending', 'held', 'in-cart', 'available']);
    for (const cell of cells.slice(0, 6)) {
      const names = classes(cell);
      expect(names.slice(0, 2)).toEqual(['group/cell', '@container/cell']);
      for (const name of CELL_STYLES[cell.state].split(' ')) expect(names).toContain(name);
    }
    expect(classes(cells[0]!)).toContain('bg-[oklch(0.93_0.045_var(--owner-hue))]');
    expect(classes(cells[2]!)).toContain('border-dashed');
    expect(classes(cells[5]!)).toContain('bg-card');
  });

  it("D43: a winner is filled (its state's background gives way), the chosen period's lines lit and its square ringed", () => {
    const drawn = drawnBoard({}, { squares: [claimed(2, 3, 'bob')], winners: [winner(1, 2, 3)] });
    const lit = boardCells(drawn, [], shapeOfBoard(drawn.game), 1, drawn.winners, NOW);
    const won = lit.find((cell) => cell.x === 2 && cell.y === 3)!;
    expect(classes(won)).toEqual(expect.arrayContaining(['bg-warning', 'ring-2', 'ring-foreground', 'z-[5]']));
    expect(classes(won)).not.toContain('bg-[oklch(0.93_0.045_var(--owner-hue))]');
    expect(cellClassName(won, false)).not.toContain('inset_0_0_0_2px');
    const inRow = lit.find((cell) => cell.x === 2 && cell.y === 0)!;
    expect(cellClassName(inRow, false)).toContain('shadow-[inset_0_0_0_2px_var(--color-warning)]');
    expect(classes(inRow)).not.toContain('ring-2');
    const elsewhere = lit.find((cell) => cell.x === 5 && cell.y === 5)!;
    expect(cellClassName(elsewhere, false)).not.toMatch(/inset|ring-2|bg-warning/);
    expect(WINNER.split(' ')).toContain('bg-warning');
  });

  it('D44: a faded cell is a quarter opaque', () => {
    expect(classes(cells[0]!, true)).toContain('opacity-25');
    expect(classes(cells[0]!, false)).not.toContain('opacity-25');
  });

  it("an owner's colour is a hue of its own, going round past the tenth", () => {
    expect(ownerStyle(null)).toBeUndefined();
    expect(ownerStyle(0)).toEqual({ '--owner-hue': 25 });
    expect(ownerStyle(1)).toEqual({ '--owner-hue': 250 });
    expect(ownerStyle(10)).toEqual({ '--owner-hue': 25 });
    expect(new Set(OWNER_HUES).size).toBe(10);
  });
});
