/**
 * D35: which set of numbers a board shows. Each period's winner comes from its own set, so the
 * axes show the set of the period being looked at (a quarter chosen on game day), and otherwise
 * the latest set drawn: the one the game is being played with now.
 */
import type { Digit } from './grid';

/** A set's periods and, once drawn and revealed, its digits (the board API's digit set). */
interface NumberSet {
  readonly first_period: number;
  readonly last_period: number;
  readonly x_axis_numbers: readonly Digit[] | null;
  readonly y_axis_numbers: readonly Digit[] | null;
}

/** The axes a board is drawn with. */
export interface AxisNumbers {
  readonly x_axis_numbers: readonly Digit[];
  readonly y_axis_numbers: readonly Digit[];
}

function digitsOf(set: NumberSet): AxisNumbers | null {
  return set.x_axis_numbers && set.y_axis_numbers ? { x_axis_numbers: set.x_axis_numbers, y_axis_numbers: set.y_axis_numbers } : null;
}

/**
 * The digits that decide `period`, or null while its set is not drawn (or not revealed). Without
 * sets (an answer from before D35) the game's one set of numbers counts for every period.
 */
export function numbersForPeriod(sets: readonly NumberSet[], period: number, numbers: AxisNumbers | null): AxisNumbers | null {
  if (sets.length === 0) return numbers;
  const set = sets.find((candidate) => period >= candidate.first_period && period <= candidate.last_period);
  return set ? digitsOf(set) : null;
}

/** The latest set with digits, or the game's numbers when it has no sets. */
export function currentNumbers(sets: readonly NumberSet[], numbers: AxisNumbers | null): AxisNumbers | null {
  if (sets.length === 0) return numbers;
  for (let i = sets.length - 1; i >= 0; i -= 1) {
    const digits = digitsOf(sets[i] as NumberSet);
    if (digits) return digits;
  }
  return null;
}
