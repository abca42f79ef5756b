/**
 * Winning digits: the last digit of each team's score at the end of a period (quarter or half)
 * picks the row (team A) and the column (team B) of the winning square (D14, D15); which square
 * that is on each board shape is board-shape.ts `winningSquareOf` (D36).
 */
import type { Digit } from './grid';

/** The winning digit of a score: its last digit, i.e. score modulo 10. */
export function lastDigit(score: number): Digit {
  if (!Number.isSafeInteger(score) || score < 0) {
    throw new RangeError(`A score must be a non-negative integer, got ${score}`);
  }
  return (score % 10) as Digit;
}

/** The digits a period's scores select; winner records store these. */
export interface WinningDigits {
  readonly teamADigit: Digit;
  readonly teamBDigit: Digit;
}

/** The last digits of both teams' scores. */
export function winningDigits(teamAScore: number, teamBScore: number): WinningDigits {
  return { teamADigit: lastDigit(teamAScore), teamBDigit: lastDigit(teamBScore) };
}
