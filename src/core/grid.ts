/**
 * The 10x10 board: coordinates, the labels people see, and the axis-digit draw.
 *
 * D14: a square's `x` is its row (team A) and `y` its column (team B), both 0-9.
 * `xAxisNumbers[x]` is the digit shown on row x; `yAxisNumbers[y]` the digit on column y.
 */

/** Squares per side of the board. */
export const GRID_SIZE = 10;

/** Squares on a board. */
export const SQUARE_COUNT = GRID_SIZE * GRID_SIZE;

/** The axis digits, in order. */
export const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export type Digit = (typeof DIGITS)[number];

/** A square's position: `x` is the row (team A), `y` the column (team B), both 0-9. */
export interface Coordinate {
  readonly x: number;
  readonly y: number;
}

/** True for an integer row or column index 0-9. */
export function isGridIndex(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < GRID_SIZE;
}

/** True for an object whose `x` and `y` are row and column indexes 0-9 (extra keys are ignored). */
export function isCoordinate(value: unknown): value is Coordinate {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y } = value as Record<string, unknown>;
  return isGridIndex(x) && isGridIndex(y);
}

/** A stable string key for a square, for sets and maps: "x,y". */
export function squareKey(square: Coordinate): string {
  return `${square.x},${square.y}`;
}

/** True when both coordinates name the same square. */
export function sameSquare(a: Coordinate, b: Coordinate): boolean {
  return a.x === b.x && a.y === b.y;
}

/** All 100 squares, row by row (row 0 first, column 0 first within a row). */
export function allSquares(): Coordinate[] {
  const squares: Coordinate[] = [];
  for (let x = 0; x < GRID_SIZE; x += 1) {
    for (let y = 0; y < GRID_SIZE; y += 1) squares.push({ x, y });
  }
  return squares;
}

/** The position as people read it, counted from 1 (D14): "Row 3, column 7". */
export function squarePositionLabel(square: Coordinate): string {
  return `Row ${square.x + 1}, column ${square.y + 1}`;
}

/** The spec's (x, y) pair as My Squares shows it, counted from 0: "(2, 6)". */
export function squarePairLabel(square: Coordinate): string {
  return `(${square.x}, ${square.y})`;
}

/**
 * A square's two digits once numbers are drawn (D14), team A's row digit first:
 * "Lions 4 - Bears 7".
 */
export function squareDigitsLabel(
  square: Coordinate,
  teams: { readonly teamA: string; readonly teamB: string },
  numbers: { readonly xAxisNumbers: readonly number[]; readonly yAxisNumbers: readonly number[] },
): string {
  return `${teams.teamA} ${numbers.xAxisNumbers[square.x]} - ${teams.teamB} ${numbers.yAxisNumbers[square.y]}`;
}

/** A source of uniform random integers in [0, maxExclusive), e.g. node:crypto's randomInt. */
export type RandomInt = (maxExclusive: number) => number;

/**
 * A uniformly random order of `items` (Fisher-Yates), drawing from the injected source so the
 * server can use a cryptographic RNG (D17) and tests can replay any draw.
 */
export function shuffle<T>(items: readonly T[], randomInt: RandomInt): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    // A faulty source must not silently bias or corrupt a draw people bet on.
    if (!Number.isInteger(j) || j < 0 || j > i) {
      throw new RangeError(`randomInt(${i + 1}) returned ${j}, expected an integer in [0, ${i}]`);
    }
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** The digits 0-9 in a uniformly random order. */
export function shuffleDigits(randomInt: RandomInt): Digit[] {
  return shuffle(DIGITS, randomInt);
}

/** A game's axis digits: row digits for team A, column digits for team B. */
export interface GridNumbers {
  readonly xAxisNumbers: readonly Digit[];
  readonly yAxisNumbers: readonly Digit[];
}

/** Both axes, as two independent shuffles of 0-9 (spec section 5, D17). */
export function drawGridNumbers(randomInt: RandomInt): GridNumbers {
  return { xAxisNumbers: shuffleDigits(randomInt), yAxisNumbers: shuffleDigits(randomInt) };
}

/** True for an array holding each digit 0-9 exactly once, e.g. axis numbers read back from storage. */
export function isDigitPermutation(value: unknown): value is Digit[] {
  if (!Array.isArray(value) || value.length !== GRID_SIZE) return false;
  const seen = new Set<unknown>(value);
  return seen.size === GRID_SIZE && value.every(isGridIndex);
}
