/**
 * The periods a game is played in, by game type: four quarters for football, the NBA and other
 * sports; two halves for college basketball. Every label a page, a mail or a CSV shows for a
 * period comes from here, never from a hand-built "Q1". Overtime counts toward the final period's
 * score (D37).
 *
 * D35's number sets live here too: which periods each set of drawn numbers counts for.
 */

/** A period's number, counted from 1 in playing order. Quarters are 1-4, halves 1-2. */
export type Period = 1 | 2 | 3 | 4;

export interface PeriodModel {
  readonly kind: 'quarter' | 'half';
  /** The periods in playing order. */
  readonly periods: readonly Period[];
  /** The period after which it is halftime. */
  readonly halftimeAfter: Period;
}

/**
 * Every period number any model has, 1-4: the range the API's `period` fields and routes accept
 * before a game's own model says which of them it plays.
 */
export const PERIODS = [1, 2, 3, 4] as const satisfies readonly Period[];

export const QUARTER_MODEL: PeriodModel = { kind: 'quarter', periods: [1, 2, 3, 4], halftimeAfter: 2 };

export const HALF_MODEL: PeriodModel = { kind: 'half', periods: [1, 2], halftimeAfter: 1 };

/** The periods of a game type: halves for college basketball, quarters for the rest. */
export function periodModel(gameType: string): PeriodModel {
  return gameType === 'college-basketball' ? HALF_MODEL : QUARTER_MODEL;
}

/** True for a period some model has (1-4): what the database's check allows, whatever the game. */
export function isPeriod(value: unknown): value is Period {
  return (PERIODS as readonly unknown[]).includes(value);
}

/** True for a period of the model. */
export function isPeriodOf(model: PeriodModel, value: unknown): value is Period {
  return (model.periods as readonly unknown[]).includes(value);
}

/** The last period: its score is the final score, overtime included (D37). */
export function finalPeriod(model: PeriodModel): Period {
  return model.periods[model.periods.length - 1] as Period;
}

const ORDINALS: Readonly<Record<Period, string>> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th' };

/** "1st", "2nd"...: the winner overlay on a board square. */
function periodOrdinal(period: Period): string {
  return ORDINALS[period];
}

/** "quarter" or "half". */
export function periodNoun(model: PeriodModel): string {
  return model.kind;
}

/** "quarters" or "halves". */
export function periodNounPlural(model: PeriodModel): string {
  return model.kind === 'quarter' ? 'quarters' : 'halves';
}

/** The short name on buttons and in tables: "Q1".."Q4", or "H1", "H2". */
export function periodShortLabel(model: PeriodModel, period: Period): string {
  return `${model.kind === 'quarter' ? 'Q' : 'H'}${period}`;
}

/** The name My Winnings and Results use: "1st Quarter".. "3rd Quarter", "Final"; "1st Half", "Final". */
export function periodWinningsLabel(model: PeriodModel, period: Period): string {
  if (period === finalPeriod(model)) return 'Final';
  return `${ORDINALS[period]} ${model.kind === 'quarter' ? 'Quarter' : 'Half'}`;
}

/** What the scoreboard says once a period is over: "End of Q1", "Halftime", "End of Q3", "Final". */
export function periodEndLabel(model: PeriodModel, period: Period): string {
  if (period === finalPeriod(model)) return 'Final';
  if (period === model.halftimeAfter) return 'Halftime';
  return `End of ${periodShortLabel(model, period)}`;
}

/** The period that may be confirmed next (D19: in order), or null once all are confirmed. */
export function nextPeriodToConfirm(model: PeriodModel, confirmed: readonly Period[]): Period | null {
  return model.periods.find((period) => !confirmed.includes(period)) ?? null;
}

/** "1st and 4th quarters", "1st half": the periods a square won, in playing order, each named once. */
export function periodOrdinalList(model: PeriodModel, periods: readonly Period[]): string {
  const ordinals = model.periods.filter((period) => periods.includes(period)).map(periodOrdinal);
  const last = ordinals.pop();
  const list = ordinals.length === 0 ? `${last}` : `${ordinals.join(', ')} and ${last}`;
  return `${list} ${ordinals.length === 0 ? periodNoun(model) : periodNounPlural(model)}`;
}

/** The 4xx refusal of a period the game does not have: "This game is played in halves: it has no period 3." */
export function notAPeriodText(model: PeriodModel, period: number): string {
  return `This game is played in ${periodNounPlural(model)}: it has no period ${period}.`;
}

/** D37 in the decisions' words, for texts that speak of every game type (How to Play). */
export const OVERTIME_RULE = 'Overtime counts toward the Final score.';

/** D37, said where the rules are shown (the board's payout rules), in the game's own periods. */
export function overtimeRuleText(model: PeriodModel): string {
  return `Overtime counts toward the Final score: the ${periodNoun(model)} winners before it are not changed.`;
}

/** D37 at score entry: the final period's score box says overtime is in it. */
const FINAL_SCORE_ENTRY_LABEL = 'Final (including overtime)';

/** The name score entry gives a period: "1st Quarter", "1st Half", and for the last "Final (including overtime)". */
export function periodEntryLabel(model: PeriodModel, period: Period): string {
  return period === finalPeriod(model) ? FINAL_SCORE_ENTRY_LABEL : periodWinningsLabel(model, period);
}

// D35: number sets.

/** One set for the whole game (the default), a new set each quarter, or a new set at halftime. */
export const NUMBER_SET_MODES = ['game', 'period', 'halftime'] as const;

export type NumberSetMode = (typeof NUMBER_SET_MODES)[number];

export const DEFAULT_NUMBER_SET_MODE: NumberSetMode = 'game';

/** True for one of the modes. */
export function isNumberSetMode(value: unknown): value is NumberSetMode {
  return (NUMBER_SET_MODES as readonly unknown[]).includes(value);
}

/** The create form's choice, in the game's own periods. */
export function numberSetModeLabel(model: PeriodModel, mode: NumberSetMode): string {
  switch (mode) {
    case 'game':
      return 'One set of numbers for the whole game';
    case 'period':
      return `New numbers each ${periodNoun(model)}`;
    case 'halftime':
      return 'New numbers at halftime';
  }
}

/** A set of numbers and the periods it counts for, first to last. */
export interface NumberSetRange {
  /** The set's number, from 1. */
  readonly set: number;
  readonly firstPeriod: Period;
  readonly lastPeriod: Period;
}

/**
 * The sets a game draws under a mode. For a game in halves, "each half" and "at halftime" are the
 * same two sets.
 */
export function numberSetRanges(model: PeriodModel, mode: NumberSetMode): NumberSetRange[] {
  const first = model.periods[0] as Period;
  const last = finalPeriod(model);
  switch (mode) {
    case 'game':
      return [{ set: 1, firstPeriod: first, lastPeriod: last }];
    case 'period':
      return model.periods.map((period, i) => ({ set: i + 1, firstPeriod: period, lastPeriod: period }));
    case 'halftime': {
      const secondHalf = (model.halftimeAfter + 1) as Period;
      return [
        { set: 1, firstPeriod: first, lastPeriod: model.halftimeAfter },
        { set: 2, firstPeriod: secondHalf, lastPeriod: last },
      ];
    }
  }
}

/** The set whose numbers decide `period`'s winner. */
export function numberSetFor(model: PeriodModel, mode: NumberSetMode, period: Period): NumberSetRange {
  const range = numberSetRanges(model, mode).find((candidate) => period >= candidate.firstPeriod && period <= candidate.lastPeriod);
  if (!range) throw new RangeError(`Period ${period} is not a period of this game`);
  return range;
}

/** "Q1-Q2", "Q3", "H1-H2": the periods a set counts for, as the board says it. */
export function numberSetPeriodsLabel(model: PeriodModel, range: NumberSetRange): string {
  const first = periodShortLabel(model, range.firstPeriod);
  return range.firstPeriod === range.lastPeriod ? first : `${first}-${periodShortLabel(model, range.lastPeriod)}`;
}
