/**
 * D36: a game's board shape. 100 squares (10 x 10, the default), 50 (5 rows of two digits x 10
 * columns of one digit) or 25 (5 x 5, two digits per row and per column). Every core function
 * that knows about rows, columns or axis digits takes a shape instead of assuming 10 x 10.
 *
 * An axis is drawn as a permutation of the digits 0-9 (its "sequence"), as it always was; a line
 * (row or column) carrying k digits holds the digits at positions i*k .. i*k+k-1 of it. So a
 * 10 x 10 board's stored numbers mean what they always meant, and `axisLineOfDigit` turns a
 * sequence into the digit-to-line map the winner is read from.
 */
import type { Coordinate, Digit } from './grid';
import { DIGITS, isDigitPermutation } from './grid';
import { lastDigit } from './scoring';

export const BOARD_SIZES = [100, 50, 25] as const;

export type BoardSize = (typeof BOARD_SIZES)[number];

export const DEFAULT_BOARD_SIZE: BoardSize = 100;

export interface BoardShape {
  /** Squares on the board. */
  readonly size: BoardSize;
  /** Rows: team A's axis (D14's x). */
  readonly rows: number;
  /** Columns: team B's axis (D14's y). */
  readonly columns: number;
  /** Digits each row carries (10 / rows). */
  readonly digitsPerRow: number;
  /** Digits each column carries (10 / columns). */
  readonly digitsPerColumn: number;
}

const BOARD_SHAPES: Readonly<Record<BoardSize, BoardShape>> = {
  100: { size: 100, rows: 10, columns: 10, digitsPerRow: 1, digitsPerColumn: 1 },
  50: { size: 50, rows: 5, columns: 10, digitsPerRow: 2, digitsPerColumn: 1 },
  25: { size: 25, rows: 5, columns: 5, digitsPerRow: 2, digitsPerColumn: 2 },
};

/** The 10 x 10 board every game had before D36. */
export const CLASSIC_SHAPE: BoardShape = BOARD_SHAPES[100];

/** The create form's choice. */
export const BOARD_SIZE_LABELS: Readonly<Record<BoardSize, string>> = {
  100: '100 squares (10 x 10)',
  50: '50 squares (5 rows x 10 columns)',
  25: '25 squares (5 x 5)',
};

/** True for 100, 50 or 25. */
function isBoardSize(value: unknown): value is BoardSize {
  return (BOARD_SIZES as readonly unknown[]).includes(value);
}

/** The shape of a board of `size` squares. */
export function boardShape(size: BoardSize): BoardShape {
  return BOARD_SHAPES[size];
}

/**
 * The shape a game row stores (`board_rows`, `board_columns`), or a thrown error for a pair that
 * is no board: stored data that is wrong must not be read as some other board.
 */
export function shapeOfDimensions(rows: number, columns: number): BoardShape {
  const shape = BOARD_SIZES.map(boardShape).find((candidate) => candidate.rows === rows && candidate.columns === columns);
  if (!shape) throw new RangeError(`No board has ${rows} rows and ${columns} columns`);
  return shape;
}

/** True for an integer row index of the shape. */
function isRowOf(shape: BoardShape, value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < shape.rows;
}

/** True for an integer column index of the shape. */
function isColumnOf(shape: BoardShape, value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < shape.columns;
}

/** True for an object whose `x` is a row and `y` a column of the shape (extra keys are ignored). */
export function isSquareOf(shape: BoardShape, value: unknown): value is Coordinate {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y } = value as Record<string, unknown>;
  return isRowOf(shape, x) && isColumnOf(shape, y);
}

/** Every square of the shape, row by row (row 0 first, column 0 first within a row). */
export function squaresOf(shape: BoardShape): Coordinate[] {
  const squares: Coordinate[] = [];
  for (let x = 0; x < shape.rows; x += 1) {
    for (let y = 0; y < shape.columns; y += 1) squares.push({ x, y });
  }
  return squares;
}

/** A square's index in position order (row by row): 0 .. size-1. */
export function squareIndex(shape: BoardShape, square: Coordinate): number {
  return square.x * shape.columns + square.y;
}

/** The digits each line of an axis carries: line i gets `sequence[i*k .. i*k+k-1]`. */
export function axisLineDigits(sequence: readonly Digit[], digitsPerLine: number): Digit[][] {
  assertAxis(sequence, digitsPerLine);
  const lines: Digit[][] = [];
  for (let start = 0; start < sequence.length; start += digitsPerLine) lines.push(sequence.slice(start, start + digitsPerLine));
  return lines;
}

/** The digit-to-line map of an axis: `map[d]` is the line that carries digit d. */
export function axisLineOfDigit(sequence: readonly Digit[], digitsPerLine: number): number[] {
  assertAxis(sequence, digitsPerLine);
  return DIGITS.map((digit) => Math.floor(sequence.indexOf(digit) / digitsPerLine));
}

function assertAxis(sequence: readonly Digit[], digitsPerLine: number): void {
  // With anything but a permutation some scores would have no winner, or several.
  if (!isDigitPermutation(sequence)) throw new RangeError('An axis must be a permutation of the digits 0-9');
  if (![1, 2].includes(digitsPerLine)) throw new RangeError(`A line carries one or two digits, not ${digitsPerLine}`);
}

/** One set of drawn numbers as sequences: team A's rows, team B's columns. */
export interface AxisSequences {
  readonly xAxisNumbers: readonly Digit[];
  readonly yAxisNumbers: readonly Digit[];
}

/**
 * The winning square (D15, D36): the row carrying team A's last digit and the column carrying
 * team B's. Exactly one square of any shape wins any score.
 */
export function winningSquareOf(shape: BoardShape, numbers: AxisSequences, teamAScore: number, teamBScore: number): Coordinate {
  const x = axisLineOfDigit(numbers.xAxisNumbers, shape.digitsPerRow)[lastDigit(teamAScore)] as number;
  const y = axisLineOfDigit(numbers.yAxisNumbers, shape.digitsPerColumn)[lastDigit(teamBScore)] as number;
  return { x, y };
}

/** A line's digits as the board shows them: "3" or "3 / 8". */
export function lineDigitsLabel(digits: readonly Digit[]): string {
  return digits.join(' / ');
}

/** The digits of each row (team A) and each column (team B) of a drawn board. */
export interface BoardLineDigits {
  readonly rows: Digit[][];
  readonly columns: Digit[][];
}

/** Each row's and each column's digits for a shape and one set of drawn numbers. */
export function boardLineDigits(shape: BoardShape, numbers: AxisSequences): BoardLineDigits {
  return { rows: axisLineDigits(numbers.xAxisNumbers, shape.digitsPerRow), columns: axisLineDigits(numbers.yAxisNumbers, shape.digitsPerColumn) };
}

/**
 * A square's digits once numbers are drawn (D14, D36), team A's row first:
 * "Lions 4 - Bears 7", or "Lions 4 / 9 - Bears 7" on a row of two digits.
 */
export function squareDigitsLabel(
  shape: BoardShape,
  square: Coordinate,
  teams: { readonly teamA: string; readonly teamB: string },
  numbers: AxisSequences,
): string {
  const lines = boardLineDigits(shape, numbers);
  return `${teams.teamA} ${lineDigitsLabel(lines.rows[square.x] ?? [])} - ${teams.teamB} ${lineDigitsLabel(lines.columns[square.y] ?? [])}`;
}

/** The board's size as cards and headers say it: "25 squares". */
export function boardSizeLabel(shape: BoardShape): string {
  return `${shape.size} squares`;
}

/** The board's dimensions in words: "5 rows x 10 columns". */
function boardDimensionsLabel(shape: BoardShape): string {
  return `${shape.rows} rows x ${shape.columns} columns`;
}

/** The 400 sentence for a square that is not on the game's board. */
export function squareOffBoardMessage(shape: BoardShape, square: Coordinate): string {
  return `Row ${square.x + 1}, column ${square.y + 1} is not on this board: it has ${shape.size} squares, ${boardDimensionsLabel(shape)}.`;
}

/**
 * The board size the form or API sends (a number or its text), or null for anything but 100, 50
 * or 25.
 */
export function parseBoardSize(raw: unknown): BoardSize | null {
  const value = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  return isBoardSize(value) ? value : null;
}

/** The first of `squares` that is not on the board, or undefined when all are. */
export function firstSquareOffBoard(shape: BoardShape, squares: readonly Coordinate[]): Coordinate | undefined {
  return squares.find((square) => !(isRowOf(shape, square.x) && isColumnOf(shape, square.y)));
}
