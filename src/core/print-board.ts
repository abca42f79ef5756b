/**
 * D42: what the printed board's axes carry (design note 033). Every number set the game draws
 * (D35) gets its own line of digits along each axis, labelled with the periods it counts for, so
 * a sheet on the wall reads every quarter's winner without the app; a set not drawn yet, or not
 * revealed (D16: the board shows `#` until then), prints blank lines to write the digits in.
 */
import { axisLineDigits, type BoardShape, lineDigitsLabel } from './board-shape';
import type { Digit } from './grid';
import { type NumberSetMode, numberSetPeriodsLabel, numberSetRanges, type PeriodModel } from './periods';
import { type AxisNumbers, numbersForPeriod } from './set-numbers';

/** One number set on the printed axes. */
export interface PrintedAxisSet {
  readonly set: number;
  /** The periods it counts for: "Q1-Q2", "Q3", "H1-H2". */
  readonly periodsLabel: string;
  /** Each row's digits ("3" or "3 / 8"), team A; null while the set is not drawn and revealed. */
  readonly rows: readonly string[] | null;
  /** Each column's digits, team B; null with `rows`. */
  readonly columns: readonly string[] | null;
}

/** What the printed axes read of a board (the board API's game and digit sets). */
interface PrintedBoardFacts {
  readonly shape: BoardShape;
  readonly model: PeriodModel;
  readonly mode: NumberSetMode;
  /** D16: digits show once revealed (admins receive them earlier; the sheet waits as the board does). */
  readonly revealed: boolean;
  readonly sets: readonly {
    readonly first_period: number;
    readonly last_period: number;
    readonly x_axis_numbers: readonly Digit[] | null;
    readonly y_axis_numbers: readonly Digit[] | null;
  }[];
  /** The game's numbers, for an answer without digit sets (set 1 counts for every period). */
  readonly numbers: AxisNumbers | null;
}

/** Every set the game draws, first to last, with its digits per row and column once shown. */
export function printedAxisSets({ shape, model, mode, revealed, sets, numbers }: PrintedBoardFacts): PrintedAxisSet[] {
  return numberSetRanges(model, mode).map((range) => {
    const digits = revealed ? numbersForPeriod(sets, range.firstPeriod, numbers) : null;
    return {
      set: range.set,
      periodsLabel: numberSetPeriodsLabel(model, range),
      rows: digits ? axisLineDigits(digits.x_axis_numbers, shape.digitsPerRow).map(lineDigitsLabel) : null,
      columns: digits ? axisLineDigits(digits.y_axis_numbers, shape.digitsPerColumn).map(lineDigitsLabel) : null,
    };
  });
}
