/**
 * Winning squares: the last digit of each team's score at the end of a period (quarter or half)
 * picks the row (team A) and the column (team B) of the winning square (D14, D15).
 */
import type { Coordinate, Digit } from './grid';
import { isDigitPermutation } from './grid';
import type { Period } from './periods';

/**
 * A period of a game, named `quarter` where the spec's API names it so. How many a game has and
 * what they are called comes from its period model (periods.ts): quarters, or halves.
 */
export type Quarter = Period;

/** The winning digit of a score: its last digit, i.e. score modulo 10. */
export function lastDigit(score: number): Digit {
  if (!Number.isSafeInteger(score) || score < 0) {
    throw new RangeError(`A score must be a non-negative integer, got ${score}`);
  }
  return (score % 10) as Digit;
}

/** The digits a quarter's scores select; winner records store these. */
export interface WinningDigits {
  readonly teamADigit: Digit;
  readonly teamBDigit: Digit;
}

/** The last digits of both teams' scores. */
export function winningDigits(teamAScore: number, teamBScore: number): WinningDigits {
  return { teamADigit: lastDigit(teamAScore), teamBDigit: lastDigit(teamBScore) };
}

/**
 * The winning square (D15): the row whose digit is team A's last digit and the column whose
 * digit is team B's last digit. Looking up `x = last digit` directly, as the spec's query does,
 * is only right before a shuffle.
 */
export function winningSquare(xAxisNumbers: readonly number[], yAxisNumbers: readonly number[], teamAScore: number, teamBScore: number): Coordinate {
  // With anything but a permutation some scores would have no winner, or several.
  if (!isDigitPermutation(xAxisNumbers) || !isDigitPermutation(yAxisNumbers)) {
    throw new RangeError('Axis numbers must each be a permutation of the digits 0-9');
  }
  const { teamADigit, teamBDigit } = winningDigits(teamAScore, teamBScore);
  return { x: xAxisNumbers.indexOf(teamADigit), y: yAxisNumbers.indexOf(teamBDigit) };
}
