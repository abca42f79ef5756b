/**
 * Quarters and winning digits: the last digit of each team's score at the end of a quarter
 * picks the row (team A) and the column (team B) of the winning square (D14, D15); which square
 * that is on each board shape is board-shape.ts `winningSquareOf` (D36).
 */
import type { Digit } from './grid';

/** The four quarters of a game. */
export const QUARTERS = [1, 2, 3, 4] as const;

export type Quarter = (typeof QUARTERS)[number];

/** True for 1, 2, 3 or 4. */
export function isQuarter(value: unknown): value is Quarter {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

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

const WINNINGS_LABELS: Record<Quarter, string> = {
  1: '1st Quarter',
  2: '2nd Quarter',
  3: '3rd Quarter',
  4: 'Final',
};

/** The quarter as My Winnings names it: "1st Quarter", "2nd Quarter", "3rd Quarter", "Final". */
export function quarterWinningsLabel(quarter: Quarter): string {
  return WINNINGS_LABELS[quarter];
}

const ORDINALS: Record<Quarter, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th' };

/** The winner overlay on a board square: "1st", "2nd", "3rd", "4th". */
export function quarterOrdinal(quarter: Quarter): string {
  return ORDINALS[quarter];
}

/** The short name on the Grid Selection buttons: "Q1" to "Q4". */
export function quarterShortLabel(quarter: Quarter): string {
  return `Q${quarter}`;
}

/**
 * The quarter that may be confirmed next (D19: in order, Q2 after Q1 and so on), or null once
 * all four are confirmed.
 */
export function nextQuarterToConfirm(confirmed: readonly Quarter[]): Quarter | null {
  return QUARTERS.find((quarter) => !confirmed.includes(quarter)) ?? null;
}
