import type { Period } from '@core/periods';
import { boardShape, CLASSIC_SHAPE } from '@core/board-shape';
import type { Coordinate } from '@core/grid';
import { describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import {
  axisNumbers,
  type BoardCell,
  boardCells,
  boardOwnerKey,
  cellFace,
  isViewersCell,
  numbersShown,
  othersOnKey,
  ownerKeySummary,
  shapeOfBoard,
  shownWinners,
} from './board-cells';
import { claimed, digitSet, DIGITS_X, DIGITS_Y, drawnBoard, held, NOW, square, testBoard, winner } from './board-test-data';

/** The cells of `board` as the viewer with `cart` sees them, with `quarter` chosen and the board's shown winners drawn. */
function cellsOf(board: BoardResponse, cart: readonly Coordinate[] = [], period: Period | null = null): BoardCell[] {
  return boardCells(board, cart, shapeOfBoard(board.game), period, shownWinners(board), NOW);
}

const cellAt = (cells: readonly BoardCell[], x: number, y: number) => cells.find((cell) => cell.x === x && cell.y === y)!;

describe('boardCells: each square as the viewer sees it', () => {
  it('every state of a square while sales are open, each with its accessible name', () => {
    const board = testBoard(
      {},
      {
        squares: [
          claimed(0, 0, 'CoachDana'),
          claimed(0, 1, 'me', { mine: true }),
          held(0, 2, { mine: true }),
          held(0, 3),
          claimed(0, 4, 'Aunt May', { owner_no_account: true }),
        ],
      },
    );
    const cells = cellsOf(board, [{ x: 0, y: 5 }]);
    expect(cells.slice(0, 7).map((cell) => [cell.state, cell.name])).toEqual([
      ['claimed', 'Row 1, column 1, claimed by CoachDana'],
      ['mine', 'Row 1, column 2, yours'],
      ['mine-pending', 'Row 1, column 3, yours, waiting for your payment'],
      ['held', 'Row 1, column 4, being purchased by someone else'],
      ['claimed', 'Row 1, column 5, claimed by Aunt May (no account)'],
      ['in-cart', 'Row 1, column 6, in your cart'],
      ['available', 'Row 1, column 7, available'],
    ]);
  });

  it('once sales close, a square nobody bought is "not sold", also one left in the cart', () => {
    const drawn = cellsOf(drawnBoard({}, { squares: [claimed(1, 1, 'bob')] }), [{ x: 0, y: 0 }]);
    expect(cellAt(drawn, 0, 0)).toMatchObject({ state: 'unsold', name: 'Row 1, column 1, not sold' });
    expect(cellAt(drawn, 1, 1).state).toBe('claimed');
    expect(drawn.filter((cell) => cell.state === 'unsold')).toHaveLength(99);
    // D39: a passed kickoff closes sales before the numbers are drawn; a completed game is closed too.
    expect(cellAt(cellsOf(testBoard({ kickoff_at: '2026-01-01T11:00:00Z' })), 4, 4).state).toBe('unsold');
    expect(cellAt(cellsOf(testBoard({ kickoff_at: '2026-01-01T13:00:00Z' })), 4, 4).state).toBe('available');
    expect(cellAt(cellsOf(testBoard({ is_active: false })), 4, 4).state).toBe('unsold');
  });

  it('the owner: in words for the name and the note, as the cell draws them, with the short label and colour of D44', () => {
    const board = testBoard({}, { squares: [claimed(3, 3, 'Aunt May', { owner_no_account: true }), claimed(0, 9, 'CoachDana'), claimed(5, 0, 'CoachDana')] });
    const cells = cellsOf(board);
    expect(cellAt(cells, 3, 3)).toMatchObject({
      ownerUsername: 'Aunt May (no account)',
      ownerShown: { name: 'Aunt May', noAccount: true },
      ownerLabel: 'AM',
      ownerColour: 1,
    });
    // Reading order decides the colours: coach_dana's first square comes first.
    expect(cellAt(cells, 5, 0)).toMatchObject({
      ownerUsername: 'CoachDana',
      ownerShown: { name: 'CoachDana', noAccount: false },
      ownerLabel: 'CD',
      ownerColour: 0,
    });
    for (const free of [cellAt(cells, 1, 1)]) {
      expect(free).toMatchObject({ ownerUsername: null, ownerShown: null, ownerLabel: null, ownerColour: null });
    }
  });

  it('a hold names nobody; a claimed square without a username is "someone else"', () => {
    const cells = cellsOf(testBoard({}, { squares: [held(2, 2, { owner_username: 'sneaky' }), claimed(2, 3, '')] }));
    expect(cellAt(cells, 2, 2)).toMatchObject({ state: 'held', ownerUsername: null, ownerShown: null, ownerLabel: null });
    // A blank name is said by personLabel's fallback, and the cell draws nobody.
    expect(cellAt(cells, 2, 3)).toMatchObject({ state: 'claimed', name: 'Row 3, column 4, claimed by a player', ownerShown: null, ownerLabel: null });
    const noName = cellsOf(testBoard({}, { squares: [square(2, 4, { owner_username: null })] }));
    expect(cellAt(noName, 2, 4)).toMatchObject({ state: 'claimed', ownerUsername: null, name: 'Row 3, column 5, claimed by someone else' });
  });

  it('D28: an unpaid square says so in its name; a hold is never "unpaid"', () => {
    const cells = cellsOf(testBoard({}, { squares: [claimed(0, 0, 'me', { mine: true, unpaid: true }), held(0, 1, { mine: true, unpaid: true })] }));
    expect(cellAt(cells, 0, 0)).toMatchObject({ unpaid: true, name: 'Row 1, column 1, yours, not paid yet' });
    expect(cellAt(cells, 0, 1)).toMatchObject({ unpaid: false, name: 'Row 1, column 2, yours, waiting for your payment' });
  });

  it('winners: the periods a square won, in order, named in its periods; none before the numbers are shown', () => {
    const winners = [winner(4, 2, 3, 'bob'), winner(1, 2, 3, 'bob'), winner(2, 7, 7)];
    const cells = cellsOf(drawnBoard({}, { squares: [claimed(2, 3, 'bob')], winners }));
    expect(cellAt(cells, 2, 3)).toMatchObject({
      wonPeriods: [1, 4],
      wonLabels: ['Q1', 'Q4'],
      name: 'Row 3, column 4, claimed by bob, winner of the 1st and 4th quarters',
    });
    expect(cellAt(cells, 7, 7)).toMatchObject({ state: 'unsold', wonLabels: ['Q2'], name: 'Row 8, column 8, not sold, winner of the 2nd quarter' });
    expect(cellAt(cells, 0, 0).wonPeriods).toEqual([]);
    // Not revealed (D16): the board shows `#` and no winner.
    const hidden = cellsOf(drawnBoard({ numbers_revealed: false }, { winners }));
    expect(hidden.some((cell) => cell.wonPeriods.length > 0)).toBe(false);
  });

  it('a game in halves names its periods H1 and H2', () => {
    const cells = cellsOf(drawnBoard({ game_type: 'college-basketball' }, { winners: [winner(2, 0, 0), winner(1, 0, 0)] }));
    expect(cellAt(cells, 0, 0)).toMatchObject({ wonLabels: ['H1', 'H2'], name: 'Row 1, column 1, not sold, winner of the 1st and 2nd halves' });
  });

  it('D43: the chosen period lights its winning row and column and rings its square; no choice lights nothing', () => {
    const board = drawnBoard({}, { winners: [winner(1, 2, 3), winner(2, 8, 8)] });
    const cells = cellsOf(board, [], 1);
    expect(cells.filter((cell) => cell.chosen).map(({ x, y }) => [x, y])).toEqual([[2, 3]]);
    expect(cells.filter((cell) => cell.lit)).toHaveLength(19);
    expect(cellAt(cells, 2, 0).lit).toBe(true);
    expect(cellAt(cells, 9, 3).lit).toBe(true);
    expect(cellAt(cells, 8, 8)).toMatchObject({ lit: false, chosen: false });
    expect(cellsOf(board, [], null).some((cell) => cell.lit || cell.chosen)).toBe(false);
    // A period without a winner yet lights nothing.
    expect(cellsOf(board, [], 3).some((cell) => cell.lit || cell.chosen)).toBe(false);
  });

  it('only the winners given are drawn (D49: those of the set shown)', () => {
    const board = drawnBoard({}, { winners: [winner(1, 2, 3), winner(3, 4, 4)] });
    const cells = boardCells(board, [], CLASSIC_SHAPE, null, [board.winners[1]!], NOW);
    expect(cellAt(cells, 2, 3).wonPeriods).toEqual([]);
    expect(cellAt(cells, 4, 4).wonPeriods).toEqual([3]);
  });

  it('the 100-square board: ten rows of ten, row by row', () => {
    const cells = cellsOf(testBoard());
    expect(cells).toHaveLength(100);
    expect(cells.slice(0, 11).map(({ x, y }) => `${x},${y}`)).toEqual(['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '0,6', '0,7', '0,8', '0,9', '1,0']);
    expect(cells.at(-1)).toMatchObject({ x: 9, y: 9, name: 'Row 10, column 10, available' });
  });

  it('D36: the 50-square board has five rows of ten', () => {
    const board = testBoard({ board_size: 50 }, { squares: [claimed(4, 9, 'bob')] });
    const cells = cellsOf(board, [{ x: 4, y: 8 }]);
    expect(cells).toHaveLength(50);
    expect(new Set(cells.map((cell) => cell.x))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(cells.at(-1)).toMatchObject({ x: 4, y: 9, state: 'claimed', name: 'Row 5, column 10, claimed by bob' });
    expect(cells.at(-2)).toMatchObject({ x: 4, y: 8, state: 'in-cart' });
  });

  it('D36: the 25-square board has five rows of five; a square or cart line off it is not drawn', () => {
    const board = testBoard({ board_size: 25 }, { squares: [claimed(4, 4, 'bob'), claimed(7, 7, 'ghost')] });
    const cells = cellsOf(board, [{ x: 9, y: 9 }]);
    expect(cells).toHaveLength(25);
    expect(cells.at(-1)).toMatchObject({ x: 4, y: 4, state: 'claimed' });
    expect(cells.filter((cell) => cell.state === 'in-cart')).toEqual([]);
    expect(cells.some((cell) => cell.ownerUsername === 'ghost')).toBe(false);
  });
});

describe('cellFace: what a cell draws besides its name', () => {
  const board = testBoard(
    {},
    {
      squares: [
        claimed(0, 0, 'CoachDana'),
        claimed(0, 1, 'me', { mine: true }),
        held(0, 2, { mine: true }),
        held(0, 3),
        claimed(0, 4, 'Aunt May', { owner_no_account: true }),
      ],
    },
  );
  const cells = cellsOf(board, [{ x: 0, y: 5 }]);
  const face = (y: number) => cellFace(cellAt(cells, 0, y));

  it('the owner of a claimed square: the name where there is room, the short label where not', () => {
    expect(face(0)).toEqual({ winner: false, mine: false, owner: { name: 'CoachDana', label: 'CD', noAccount: false }, mark: null });
    // D48: the name without the words; the mark says "no account".
    expect(face(4)).toEqual({ winner: false, mine: false, owner: { name: 'Aunt May', label: 'AM', noAccount: true }, mark: null });
  });

  it('the viewer\'s own square says "You"; one waiting for their payment shows its clock instead', () => {
    expect(face(1)).toEqual({ winner: false, mine: true, owner: { name: 'You', label: 'You', noAccount: false }, mark: null });
    expect(face(2)).toEqual({ winner: false, mine: true, owner: null, mark: 'clock' });
  });

  it('marks: a clock on a hold, a tick in the cart, a plus on an open square, nothing on an unsold one', () => {
    expect(face(3)).toEqual({ winner: false, mine: false, owner: null, mark: 'clock' });
    expect(face(5)).toEqual({ winner: false, mine: false, owner: null, mark: 'check' });
    expect(face(6)).toEqual({ winner: false, mine: false, owner: null, mark: 'plus' });
    const unsold = cellAt(cellsOf(drawnBoard()), 0, 0);
    expect(cellFace(unsold)).toEqual({ winner: false, mine: false, owner: null, mark: null });
  });

  it('a winning square says so, and keeps its owner', () => {
    const won = cellAt(cellsOf(drawnBoard({}, { squares: [claimed(1, 1, 'bob')], winners: [winner(1, 1, 1)] })), 1, 1);
    expect(cellFace(won)).toEqual({ winner: true, mine: false, owner: { name: 'bob', label: 'Bob', noAccount: false }, mark: null });
  });

  it('D44 "highlight my squares" keeps the viewer\'s own (owned, waiting, in the cart) and fades the rest', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((y) => isViewersCell(cellAt(cells, 0, y)))).toEqual([false, true, true, false, false, true, false]);
  });
});

describe('the board around its cells', () => {
  it('numbersShown: the axes show digits once numbers exist and are revealed', () => {
    expect(numbersShown(testBoard())).toBe(false);
    expect(numbersShown(drawnBoard())).toBe(true);
    expect(numbersShown(drawnBoard({ numbers_revealed: false }))).toBe(false);
  });

  it('shownWinners: the confirmed winners once the board is shuffled and its numbers shown', () => {
    const winners = [winner(1, 0, 0)];
    expect(shownWinners(drawnBoard({}, { winners }))).toEqual(winners);
    expect(shownWinners(drawnBoard({ numbers_revealed: false }, { winners }))).toEqual([]);
    expect(shownWinners(drawnBoard({ grid_shuffled: false }, { winners }))).toEqual([]);
  });

  it("shapeOfBoard: the game's board size as rows and columns", () => {
    expect(shapeOfBoard({ board_size: 100 })).toBe(CLASSIC_SHAPE);
    expect(shapeOfBoard({ board_size: 50 })).toEqual(boardShape(50));
    expect(shapeOfBoard({ board_size: 25 })).toMatchObject({ rows: 5, columns: 5, digitsPerRow: 2, digitsPerColumn: 2 });
  });

  it("axisNumbers: `#` until shown; the game's numbers without sets; a period's own set, else the latest drawn (D35)", () => {
    expect(axisNumbers(testBoard(), null)).toBeNull();
    const plain = drawnBoard();
    expect(axisNumbers(plain, null)).toEqual({ x_axis_numbers: DIGITS_X, y_axis_numbers: DIGITS_Y, generated_at: '2026-01-01T10:00:00Z' });
    expect(axisNumbers(plain, 3)).toBe(plain.numbers);
    const second = { x: [...DIGITS_Y], y: [...DIGITS_X] };
    const halftime = drawnBoard(
      { number_sets: 'halftime' },
      { digit_sets: [digitSet(1, 1, 2, 'Q1-Q2', { x: DIGITS_X, y: DIGITS_Y }), digitSet(2, 3, 4, 'Q3-Q4', second)] },
    );
    expect(axisNumbers(halftime, 1)).toEqual({ x_axis_numbers: DIGITS_X, y_axis_numbers: DIGITS_Y });
    expect(axisNumbers(halftime, 4)).toEqual({ x_axis_numbers: second.x, y_axis_numbers: second.y });
    expect(axisNumbers(halftime, null)).toEqual({ x_axis_numbers: second.x, y_axis_numbers: second.y });
    const waiting = drawnBoard({}, { digit_sets: [digitSet(1, 1, 2, 'Q1-Q2', { x: DIGITS_X, y: DIGITS_Y }), digitSet(2, 3, 4, 'Q3-Q4', null)] });
    expect(axisNumbers(waiting, 3)).toBeNull();
    expect(axisNumbers(waiting, null)).toEqual({ x_axis_numbers: DIGITS_X, y_axis_numbers: DIGITS_Y });
  });

  it('the owner key: each owner once in reading order; the viewer needs no line of their own', () => {
    const board = testBoard(
      {},
      { squares: [claimed(9, 9, 'zed'), claimed(0, 5, 'me', { mine: true }), claimed(0, 2, 'amy'), claimed(4, 4, 'amy'), held(0, 0), claimed(1, 1, '')] },
    );
    expect(boardOwnerKey(board).map((entry) => [entry.name, entry.label, entry.colour])).toEqual([
      ['amy', 'Amy', 0],
      ['me', 'Me', 1],
      ['zed', 'Zed', 2],
    ]);
    expect(othersOnKey(board).map((entry) => entry.name)).toEqual(['amy', 'zed']);
    expect(othersOnKey(testBoard({}, { squares: [claimed(0, 0, 'me', { mine: true })] }))).toEqual([]);
  });

  it("the owner key's summary counts its players", () => {
    expect(ownerKeySummary(1)).toBe('Who is who on the board (1 player)');
    expect(ownerKeySummary(12)).toBe('Who is who on the board (12 players)');
  });
});
