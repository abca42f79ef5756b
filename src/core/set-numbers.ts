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
  const set = setOfPeriod(sets, period);
  return set ? digitsOf(set) : null;
}

function setOfPeriod<T extends NumberSet>(sets: readonly T[], period: number): T | undefined {
  return sets.find((candidate) => period >= candidate.first_period && period <= candidate.last_period);
}

/**
 * D35: the period a game-day board shows first: the period in play (`inPlay`, the next to
 * confirm) when it counts with another set than the latest confirmed period and that set's digits
 * are in (Q3 of a game with a new set at halftime shows set 2, not Q2's set 1); else the latest
 * confirmed period (null before any).
 */
export function boardPeriod(sets: readonly NumberSet[], latest: number | null, inPlay: number | null): number | null {
  if (inPlay === null || latest === null) return latest;
  const playing = setOfPeriod(sets, inPlay);
  if (!playing || playing === setOfPeriod(sets, latest) || !digitsOf(playing)) return latest;
  return inPlay;
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

/** What the early draw needs of a stored set: its number and whether its digits are in. */
interface SetState {
  readonly set: number;
  readonly drawn_at: string | null;
}

/**
 * D35: the set an admin may draw before its time ("or by the admin"): the first set with no
 * ticket, once set 1 and every set before it are drawn; null when there is none (set 1 not
 * drawn, a set still waiting for its digits, or every set ticketed). `setCount` is the game's.
 */
export function nextSetToDraw(setCount: number, sets: readonly SetState[]): number | null {
  for (let n = 1; n <= setCount; n += 1) {
    const stored = sets.find((candidate) => candidate.set === n);
    if (!stored) return n === 1 ? null : n;
    if (stored.drawn_at === null) return null;
  }
  return null;
}
