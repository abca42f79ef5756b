/**
 * D35/D43: the period a game-day board shows: the one the viewer chose while it is still there to
 * show (in play, or confirmed), else the period in play once its own set is drawn, else the latest
 * confirmed; and before any choice, the period whose set the axes show.
 */
import type { BoardWinner } from '@core/api/board';
import { nextPeriodToConfirm, periodModel, type Period } from '@core/periods';

/** `inPlay`: the period in play when the board shows its set (playablePeriod); `latest`: the latest confirmed. */
export function shownPeriod(chosen: Period | null, inPlay: Period | null, latest: Period | null, winners: readonly BoardWinner[]): Period | null {
  const stillThere = chosen !== null && (chosen === inPlay || winners.some((winner) => winner.period === chosen));
  return stillThere ? chosen : (inPlay ?? latest);
}

/**
 * On game day the axes show the next period to confirm's set (a later set may be drawn early, the
 * first period's comes first); null before game day (the latest set drawn).
 */
export function numbersPeriodOf(gameType: string, gameDay: boolean, winners: readonly BoardWinner[]): Period | null {
  if (!gameDay) return null;
  return nextPeriodToConfirm(
    periodModel(gameType),
    winners.map((winner) => winner.period),
  );
}
