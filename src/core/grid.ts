/**
 * Squares and axes: coordinates, the labels people see, and the axis-digit draw.
 *
 * D14: a square's `x` is its row (team A) and `y` its column (team B). The board's size is the
 * game's shape (board-shape.ts, D36); each axis is drawn as a permutation of 0-9, and on a
 * 10 x 10 board `xAxisNumbers[x]` is the digit shown on row x, `yAxisNumbers[y]` on column y.
 */

/** The axis digits, in order. */
export const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export type Digit = (typeof DIGITS)[number];

/**
 * A square's position: `x` is the row (team A), `y` the column (team B), counted from 0. Which
 * positions exist is the game's board shape (board-shape.ts `isSquareOf`, D36).
 */
export interface Coordinate {
  readonly x: number;
  readonly y: number;
}

/** True for a digit 0-9. */
export function isDigit(value: unknown): value is Digit {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 9;
}

/** A stable string key for a square, for sets and maps: "x,y". */
export function squareKey(square: Coordinate): string {
  return `${square.x},${square.y}`;
}

/** True when both coordinates name the same square. */
export function sameSquare(a: Coordinate, b: Coordinate): boolean {
  return a.x === b.x && a.y === b.y;
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
 * Where a square is, as a player's list of their squares says it (D14): the position counted from
 * 1 always; the spec's (x, y) pair only once the numbers are drawn and shown, beside the square's
 * digits. Before that "(0, 2)" reads like the square's numbers, which do not exist yet.
 */
export function ownedSquarePlace(square: Coordinate, numbersShown: boolean): { readonly position: string; readonly pair: string | null } {
  return { position: squarePositionLabel(square), pair: numbersShown ? squarePairLabel(square) : null };
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
  if (!Array.isArray(value) || value.length !== DIGITS.length) return false;
  const seen = new Set<unknown>(value);
  return seen.size === DIGITS.length && value.every(isDigit);
}
