/**
 * D35: which set of numbers a board shows. Each period's winner comes from its own set, so the
 * axes show the set of the period being looked at (a period chosen on game day), and otherwise
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

/** A set as the board names it: its number and its periods ("Q1-Q2"). */
interface NamedSet extends NumberSet {
  readonly set: number;
  readonly periods_label: string;
}

/**
 * D49: the set a board's axes show: `period`'s own set, or with no period the latest set with
 * digits. Null without sets (an answer from before D35) or when `period` has no set.
 */
export function setShownFor<T extends NumberSet>(sets: readonly T[], period: number | null): T | null {
  if (period !== null) return setOfPeriod(sets, period) ?? null;
  for (let i = sets.length - 1; i >= 0; i -= 1) {
    const set = sets[i] as T;
    if (digitsOf(set)) return set;
  }
  return null;
}

/** "Q1-Q2 numbers": what the axes say their digits hold for. */
export function numbersHoldForText(periodsLabel: string): string {
  return `${periodsLabel} numbers`;
}

/** The winners of periods of another set than the one shown, grouped by that set. */
export interface WinnersOnOtherSet<W> {
  readonly set: number;
  /** "Won on set 1 (Q1-Q2 numbers)". */
  readonly text: string;
  readonly winners: readonly W[];
}

/**
 * D49: each period's winner is shown on its own set. Of the confirmed periods' winners, those
 * whose set is `shown` go on the board; the others are listed by their set, to be shown with it.
 * Without sets every winner goes on the board (one set of numbers for the game).
 */
export function winnersBySet<W extends { readonly period: number }, T extends NamedSet>(
  sets: readonly T[],
  shown: T | null,
  winners: readonly W[],
): { readonly onBoard: readonly W[]; readonly elsewhere: readonly WinnersOnOtherSet<W>[] } {
  if (sets.length === 0) return { onBoard: [...winners], elsewhere: [] };
  const onBoard: W[] = [];
  const elsewhere = new Map<number, { set: T; winners: W[] }>();
  for (const winner of [...winners].sort((a, b) => a.period - b.period)) {
    const own = setOfPeriod(sets, winner.period);
    if (own && own === shown) onBoard.push(winner);
    else if (own) elsewhere.set(own.set, { set: own, winners: [...(elsewhere.get(own.set)?.winners ?? []), winner] });
  }
  return {
    onBoard,
    elsewhere: [...elsewhere.values()]
      .sort((a, b) => a.set.set - b.set.set)
      .map(({ set, winners: won }) => ({ set: set.set, text: `Won on set ${set.set} (${numbersHoldForText(set.periods_label)})`, winners: won })),
  };
}
