/**
 * Game-day texts the spec's catalogue (src/core/messages.ts) does not have: the rules of D18,
 * D19 and D23 said to the organizer. The catalogue's own texts are used wherever one fits.
 */
import { GAME_DAY_INPUT_TEXTS } from '@core/api/game-day';
import { SQUARE_COUNT } from '@core/grid';

export const GAME_DAY_TEXTS = {
  /** D18: Randomize on a grid that is not full needs "Randomize anyway". */
  gridNotFull: (claimed: number) =>
    `Only ${claimed} of ${SQUARE_COUNT} squares are sold. Drawing the numbers ends sales and the unsold squares stay unsold. Randomize anyway?`,
  /** D28: drawing with unpaid squares needs the organizer to confirm that many. */
  unpaidSquares: (unpaid: number) =>
    `${unpaid} square${unpaid === 1 ? ' is' : 's are'} not paid yet. Once the numbers are drawn, unpaid squares can no longer be released. Draw anyway?`,
  gameCompleted: 'This game is completed: its numbers can no longer change.',
  revealWithoutNumbers: 'There are no numbers to reveal. Randomize the numbers first.',
  scoresNeedNumbers: 'Randomize the numbers before entering scores.',
  /** D19: quarters are confirmed in order. */
  outOfOrder: (next: number, quarter: number) => `Confirm Q${next} before Q${quarter}.`,
  /** D19: a confirmed quarter is corrected only while its payout is not completed. */
  payoutDoneNoCorrection: (quarter: number) => `The Q${quarter} payout is completed: its score can no longer be corrected.`,
  /** D19 with D34: a correction under roll-forward would change a later payout that money has already moved for. */
  correctionRepricesSettled: (quarter: number, later: number, from: string, to: string) =>
    `Correcting Q${quarter} would change the Q${later} payout from ${from} to ${to}, and the Q${later} payout is already paid or being paid: Q${quarter} can no longer be corrected.`,
  payoutUnderWay: (quarter: number) => `The Q${quarter} payout is being processed. Try again in a moment.`,
  noWinnerRecord: (quarter: number) => `Q${quarter} has no winner record yet. Confirm its score first.`,
  payoutAlreadyDone: (quarter: number) => `The Q${quarter} payout is already completed.`,
  payoutFailedUseRetry: (quarter: number) => `The Q${quarter} payout failed. Use Retry Payout.`,
  onlyFailedRetried: (quarter: number) => `Only a failed payout can be retried; the Q${quarter} payout has not failed.`,
  /** The requests' own checks (core/api/game-day.ts). */
  ...GAME_DAY_INPUT_TEXTS,
} as const;
