import type { GameDayView, MyWinningsResponse, PeriodResult } from '@core/api/game-day';
import type { Digit } from '@core/grid';
import { isPeriod, isPeriodOf, nextPeriodToConfirm, periodModel, periodWinningsLabel } from '@core/periods';
import { winnerOwesCents } from '@core/results-ledger';
import { isPayoutStatus, playerPayoutBadge } from '@core/status';
import { toBoardNumbers } from '../db/grid-numbers';
import { toBoardDigitSet } from '../draws/digit-sets';
import { findGameOr404 } from '../games/game-or-404';
import { toGame } from '../games/games.service';
import { sharePayoutOf } from '../payouts/share-payout';
import { numbersShown, type GameDayServiceDeps } from './game-day.deps';
import { gameDayRepository, type ResultRow } from './game-day.repository';

/** The reads of game day: the admin's game-day page (numbers, sets, scores, results, the share) and a player's winnings. */
export function gameDayView(deps: GameDayServiceDeps) {
  const repo = gameDayRepository(deps.db);

  /** GET /api/admin/games/:id/game-day: the whole page in one answer; every change answers with it too. */
  async function view(gameId: string): Promise<GameDayView> {
    const row = await findGameOr404(deps.games, gameId);
    const [numbersRow, scores, resultRows, draws, sets, share] = await Promise.all([
      repo.numbers(gameId),
      repo.scores(gameId),
      repo.results(gameId),
      repo.draws(gameId),
      repo.digitSets(gameId),
      sharePayoutOf(deps.db, row),
    ]);
    const model = periodModel(row.game_type);
    const confirmed = scores.map((score) => score.period).filter((period) => isPeriodOf(model, period));
    return {
      game: toGame(row),
      numbers: numbersRow ? toBoardNumbers(gameId, numbersRow) : null,
      results: resultRows.map((result) => toResult(gameId, result, row.price_per_square_cents)),
      draws: draws.map((draw) => ({ action: draw.action, created_at: draw.created_at })),
      digit_sets: sets.map((set) => ({
        ...toBoardDigitSet(row, set, true),
        // D38: a waiting set's last failed attempt (the job retries); nothing once it is drawn.
        last_error: set.drawn_at === null ? set.last_error : null,
        last_error_at: set.drawn_at === null ? set.last_error_at : null,
      })),
      next_period: nextPeriodToConfirm(model, confirmed),
      numbers_locked: scores.length > 0,
      numbers_shown: numbersShown(row, sets),
      share_payout: share,
    };
  }

  /** My Winnings (D23 badges): the player's wins grouped per game, newest game first. */
  async function myWinnings(userId: string): Promise<MyWinningsResponse> {
    const rows = await repo.winningsOf(userId);
    type Group = { game_id: string; title: string; team_a: string; team_b: string; wins: MyWinningsResponse['games'][number]['wins'][number][] };
    const groups: Group[] = [];
    let total = 0;
    for (const row of rows) {
      const model = periodModel(row.game_type);
      if (!isPeriodOf(model, row.period) || !isPayoutStatus(row.payout_status))
        throw new Error(`game ${row.game_id}: a winner record with quarter ${row.period}`);
      let group = groups.at(-1);
      if (!group || group.game_id !== row.game_id) {
        group = { game_id: row.game_id, title: row.title, team_a: row.team_a, team_b: row.team_b, wins: [] };
        groups.push(group);
      }
      group.wins.push({
        period: row.period,
        label: periodWinningsLabel(model, row.period),
        amount_cents: row.payout_amount_cents,
        badge: playerPayoutBadge(row.payout_status),
      });
      total += row.payout_amount_cents;
    }
    return { total_cents: total, games: groups };
  }

  return { view, myWinnings };
}

function toResult(gameId: string, row: ResultRow, priceCents: number): PeriodResult {
  // The database checks the period (1-4: every period any model has) and the status; the digits come from a score's last digit.
  if (!isPeriod(row.period)) throw new Error(`game ${gameId}: a result with quarter ${row.period}`);
  return {
    period: row.period,
    team_a_score: row.team_a_score,
    team_b_score: row.team_b_score,
    winning_numbers_x: row.winning_numbers_x as Digit,
    winning_numbers_y: row.winning_numbers_y as Digit,
    square_x: row.square_x,
    square_y: row.square_y,
    winner_name: row.winner_name,
    winner_no_account: row.winner_no_account,
    winner_email: row.winner_email,
    winner_owes_cents: winnerOwesCents(row.winner_unpaid_squares, priceCents),
    winner_id: row.user_id,
    payout_amount_cents: row.payout_amount_cents,
    payout_status: row.payout_status,
    payout_reference: row.payout_reference,
    retry_count: row.retry_count,
    last_retry_at: row.last_retry_at,
    paid_at: row.paid_at,
  };
}
