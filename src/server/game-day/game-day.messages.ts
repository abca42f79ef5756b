/**
 * Game-day texts the spec's catalogue (src/core/messages.ts) does not have: the rules of D18,
 * D19 and D23 said to the organizer. The catalogue's own texts are used wherever one fits.
 */
import { GAME_DAY_INPUT_TEXTS } from '@core/api/game-day';
import { notAPeriodText, type Period, type PeriodModel, periodNoun, periodShortLabel } from '@core/periods';

const short = (model: PeriodModel, period: number) => periodShortLabel(model, period as Period);

export const GAME_DAY_TEXTS = {
  /** D18: Randomize on a grid that is not full needs "Randomize anyway". */
  gridNotFull: (claimed: number, boardSize: number) =>
    `Only ${claimed} of ${boardSize} squares are sold. Drawing the numbers ends sales and the unsold squares stay unsold. Randomize anyway?`,
  /** D28: drawing with unpaid squares needs the organizer to confirm that many. */
  unpaidSquares: (unpaid: number) =>
    `${unpaid} square${unpaid === 1 ? ' is' : 's are'} not paid yet. Once the numbers are drawn, unpaid squares can no longer be released. Draw anyway?`,
  gameCompleted: 'This game is completed: its numbers can no longer change.',
  revealWithoutNumbers: 'There are no numbers to reveal. Randomize the numbers first.',
  scoresNeedNumbers: 'Randomize the numbers before entering scores.',
  /** D38: a beacon set is ticketed and its drand round is not drawn yet. */
  drawWaiting: (round: number) => `The numbers are still being drawn (waiting for drand round ${round}). Scores can be entered once they are out.`,
  /** D35: an admin's early draw of the next set, refused. */
  noSuchSet: (set: number, count: number) => `This game has ${count === 1 ? 'one number set' : `${count} number sets`}: there is no set ${set}.`,
  firstSetFirst: 'Draw set 1 first: Randomize Numbers draws it.',
  setWaiting: (set: number, round: number | null) => `Set ${set} is still being drawn (waiting for drand round ${round ?? '?'}).`,
  setAlreadyDrawn: (set: number) => `Set ${set} is already drawn.`,
  /** Randomize redraws set 1 only while it is the only set drawn (design note 030). */
  laterSetDrawn: (set: number) => `Set ${set} is already drawn: Clear Numbers first to draw again.`,
  setNotNext: (set: number, next: number) => `Set ${next} comes before set ${set}: draw set ${next} first.`,
  /** D19: periods are confirmed in order. */
  outOfOrder: (next: number, period: number, model: PeriodModel) => `Confirm ${short(model, next)} before ${short(model, period)}.`,
  /** D19: a confirmed period is corrected only while its payout is not completed. */
  payoutDoneNoCorrection: (period: number, model: PeriodModel) => `The ${short(model, period)} payout is completed: its score can no longer be corrected.`,
  /** D19 with D34: a correction under roll-forward would change a later payout that money has already moved for. */
  correctionRepricesSettled: (period: number, later: number, from: string, to: string, model: PeriodModel) =>
    `Correcting ${short(model, period)} would change the ${short(model, later)} payout from ${from} to ${to}, and the ${short(model, later)} payout is already paid or being paid: ${short(model, period)} can no longer be corrected.`,
  payoutUnderWay: (period: number, model: PeriodModel) => `The ${short(model, period)} payout is being processed. Try again in a moment.`,
  noWinnerRecord: (period: number, model: PeriodModel) => `${short(model, period)} has no winner record yet. Confirm its score first.`,
  /** D34: the organizer's (or charity's) share as a payout. */
  shareNotFinal: 'The share can be marked paid once the numbers are drawn: the pot is final then.',
  noShare: "This game's payout rules give no organizer or charity share.",
  shareAlreadyPaid: (name: string) => `The ${name} is already paid.`,
  payoutAlreadyDone: (period: number, model: PeriodModel) => `The ${short(model, period)} payout is already completed.`,
  payoutFailedUseRetry: (period: number, model: PeriodModel) => `The ${short(model, period)} payout failed. Use Retry Payout.`,
  onlyFailedRetried: (period: number, model: PeriodModel) => `Only a failed payout can be retried; the ${short(model, period)} payout has not failed.`,
  /** A period the game's model does not have (a 3rd period of a game in halves). */
  notAPeriod: (period: number, model: PeriodModel) => notAPeriodText(model, period),
  /** Confirm all: every period of the game needs both scores. */
  allPeriodsRequired: (model: PeriodModel) => `Enter both scores for every ${periodNoun(model)}.`,
  /** The requests' own checks (core/api/game-day.ts). */
  ...GAME_DAY_INPUT_TEXTS,
} as const;
