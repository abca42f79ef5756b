/**
 * Grid Selection's rules (spec "Game Day Controls screen"; D20): which period the grid shows
 * first, whether the selected square may be paid for it, and what each square and the selection
 * say. The winner's name comes from the caller (game-day-payout.tsx's resultWinner), so that it is
 * said one way on every game-day screen.
 */
import type { BoardSquare } from '@core/api/board';
import type { GameDayView, PeriodResult } from '@core/api/game-day';
import { type BoardLineDigits, lineDigitsLabel } from '@core/board-shape';
import { type Coordinate, squareKey, squarePositionLabel } from '@core/grid';
import { periodModel, periodShortLabel, type Period } from '@core/periods';
import type { ShownPerson } from '@core/person';
import { boardPeriod } from '@core/set-numbers';
import { payoutSettled } from '@core/status';

export const GRID_MESSAGES = {
  noNumbers: 'Grid disabled - Please randomize numbers first',
  hidden: 'Numbers are hidden - Click "Show Numbers" to enable grid interaction',
} as const;

/** "Q2" or "H2": a period named in the game's own model. */
export const periodShort = (game: { game_type: string }, period: Period) => periodShortLabel(periodModel(game.game_type), period);

/** D35: the latest confirmed period, or the period in play once its own set is drawn; the first period before any. */
export function firstGridPeriod(view: Pick<GameDayView, 'digit_sets' | 'results' | 'next_period'>): Period {
  return (boardPeriod(view.digit_sets, view.results.at(-1)?.period ?? null, view.next_period) ?? 1) as Period;
}

/** Why the selected square cannot be paid for the selected period, or what to do. */
export type SelectionVerdict = { kind: 'pay'; result: PeriodResult } | { kind: 'retry'; result: PeriodResult } | { kind: 'refuse'; message: string };

/** D20: the selected square pays only when it is the period's winning square with a payout due. */
export function selectionVerdict(
  view: Pick<GameDayView, 'results' | 'game'>,
  period: Period,
  square: Coordinate,
  winnerOf: (result: PeriodResult) => string,
): SelectionVerdict {
  const short = periodShort(view.game, period);
  const result = view.results.find((r) => r.period === period);
  if (!result) {
    return { kind: 'refuse', message: `${short} has no confirmed score yet. Confirm its score in Score Entry first.` };
  }
  if (result.square_x !== square.x || result.square_y !== square.y) {
    const winning = squarePositionLabel({ x: result.square_x, y: result.square_y });
    return {
      kind: 'refuse',
      message: `This is not the ${short} winning square. ${short} (${view.game.team_a} ${result.winning_numbers_x}, ${view.game.team_b} ${result.winning_numbers_y}) wins at ${winning}.`,
    };
  }
  if (!result.winner_id && payoutSettled(result.payout_status)) {
    return { kind: 'refuse', message: `Nobody bought the ${short} winning square: there is no payout to process.` };
  }
  if (payoutSettled(result.payout_status)) return { kind: 'refuse', message: `The ${short} payout to ${winnerOf(result)} is already paid.` };
  if (result.payout_status === 'processing') {
    return { kind: 'refuse', message: `The ${short} payout is being processed. Check Results & Payouts in a moment.` };
  }
  if (result.payout_status === 'failed') return { kind: 'retry', result };
  return { kind: 'pay', result };
}

/** The owner of a sold square, as core/person.ts says people; null for a free square or one held in a checkout. */
export function squareOwner(owners: ReadonlyMap<string, BoardSquare>, square: Coordinate): ShownPerson | null {
  const found = owners.get(squareKey(square));
  return found?.status === 'claimed' ? { name: found.owner_username, noAccount: found.owner_no_account, email: found.owner_email } : null;
}

/** The selected square's digits, each team's line of the chosen period's set ("4", or "4 / 9" on a smaller board). */
export function selectedDigits(lines: BoardLineDigits | null, selected: Coordinate | null): { a: string; b: string } | null {
  if (!selected || !lines) return null;
  return { a: lineDigitsLabel(lines.rows[selected.x] ?? []), b: lineDigitsLabel(lines.columns[selected.y] ?? []) };
}

/** A grid square's accessible name: its position, its digits once shown, its owner, and whether it won the period. */
export function gridSquareName(
  game: { game_type: string; team_a: string; team_b: string },
  period: Period,
  square: Coordinate,
  facts: { lines: BoardLineDigits | null; owner: string | null; isWinning: boolean },
): string {
  const { lines, owner, isWinning } = facts;
  return [
    squarePositionLabel(square),
    lines ? `${game.team_a} ${(lines.rows[square.x] ?? []).join(' or ')}, ${game.team_b} ${(lines.columns[square.y] ?? []).join(' or ')}` : null,
    owner ? `claimed by ${owner}` : 'not sold',
    isWinning ? `${periodShort(game, period)} winning square` : null,
  ]
    .filter(Boolean)
    .join(', ');
}
