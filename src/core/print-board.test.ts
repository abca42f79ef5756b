import { describe, expect, it } from 'vitest';
import { boardShape } from './board-shape';
import type { Digit } from './grid';
import { HALF_MODEL, QUARTER_MODEL } from './periods';
import { printedAxisSets } from './print-board';

const x = [3, 8, 1, 0, 9, 2, 7, 4, 6, 5] as Digit[];
const y = [6, 2, 9, 4, 0, 7, 1, 5, 3, 8] as Digit[];
const later = { x: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as Digit[], y: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] as Digit[] };
const set = (first: number, last: number, digits: { x: Digit[]; y: Digit[] } | null) => ({
  first_period: first,
  last_period: last,
  x_axis_numbers: digits?.x ?? null,
  y_axis_numbers: digits?.y ?? null,
});

describe('the printed axes (D42, D35, D36, D16)', () => {
  it('print one set of single digits on a board of 100 once revealed, blanks before', () => {
    const facts = { shape: boardShape(100), model: QUARTER_MODEL, mode: 'game' as const, sets: [set(1, 4, { x, y })], numbers: null };
    expect(printedAxisSets({ ...facts, revealed: true })).toEqual([{ set: 1, periodsLabel: 'Q1-Q4', rows: x.map(String), columns: y.map(String) }]);
    // D16: drawn but not revealed (an admin's answer carries the digits): the sheet waits as the board does.
    expect(printedAxisSets({ ...facts, revealed: false })).toEqual([{ set: 1, periodsLabel: 'Q1-Q4', rows: null, columns: null }]);
  });

  it('print two digits per row on 50 squares, and per row and column on 25', () => {
    const fifty = printedAxisSets({ shape: boardShape(50), model: QUARTER_MODEL, mode: 'game', revealed: true, sets: [set(1, 4, { x, y })], numbers: null });
    expect(fifty[0]?.rows).toEqual(['3 / 8', '1 / 0', '9 / 2', '7 / 4', '6 / 5']);
    expect(fifty[0]?.columns).toEqual(y.map(String));
    const period = printedAxisSets({ shape: boardShape(25), model: QUARTER_MODEL, mode: 'game', revealed: true, sets: [set(1, 4, { x, y })], numbers: null });
    expect(period[0]?.columns).toEqual(['6 / 2', '9 / 4', '0 / 7', '1 / 5', '3 / 8']);
  });

  it('print every set the game draws with its periods, a set not drawn yet blank', () => {
    const halftime = printedAxisSets({
      shape: boardShape(100),
      model: QUARTER_MODEL,
      mode: 'halftime',
      revealed: true,
      sets: [set(1, 2, { x, y }), set(3, 4, later)],
      numbers: null,
    });
    expect(halftime.map((printed) => [printed.set, printed.periodsLabel, printed.rows?.join('')])).toEqual([
      [1, 'Q1-Q2', x.join('')],
      [2, 'Q3-Q4', later.x.join('')],
    ]);
    // Each quarter: four sets, only set 1 ticketed and drawn so far.
    const perPeriod = printedAxisSets({
      shape: boardShape(100),
      model: QUARTER_MODEL,
      mode: 'period',
      revealed: true,
      sets: [set(1, 1, { x, y })],
      numbers: null,
    });
    expect(perPeriod.map((printed) => [printed.periodsLabel, printed.columns === null])).toEqual([
      ['Q1', false],
      ['Q2', true],
      ['Q3', true],
      ['Q4', true],
    ]);
    // Halves: a set per half.
    expect(
      printedAxisSets({ shape: boardShape(25), model: HALF_MODEL, mode: 'period', revealed: true, sets: [], numbers: null }).map((p) => p.periodsLabel),
    ).toEqual(['H1', 'H2']);
  });

  it("print an answer without digit sets with the game's numbers", () => {
    const [only] = printedAxisSets({
      shape: boardShape(100),
      model: QUARTER_MODEL,
      mode: 'game',
      revealed: true,
      sets: [],
      numbers: { x_axis_numbers: x, y_axis_numbers: y },
    });
    expect(only?.rows).toEqual(x.map(String));
  });
});
