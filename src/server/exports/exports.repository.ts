import type { Executor } from '../db/executor';
import { ownedSquaresWithOwners, person, winnerUnpaidSquares, winnersWithScores } from '../db/shared-queries';
import { digitSetsOf } from '../draws/draws.repository';

/** D48: owners and winners as every answer shows them. */
const shown = person();

/** The rows of a game's CSV files (D33). */
export function exportsRepository(db: Executor) {
  return {
    game: (gameId: string) =>
      db
        .selectFrom('games')
        .select(['id', 'title', 'price_per_square_cents', 'game_type', 'number_sets', 'team_a', 'team_b', 'board_rows', 'board_columns'])
        .where('id', '=', gameId)
        .executeTakeFirst(),

    /** D35: the game's digit sets drawn or ticketed so far. */
    digitSets: (gameId: string) => digitSetsOf(db, gameId),

    /** Owned squares with their owners, by position. */
    squares: (gameId: string) => ownedSquaresWithOwners(db, gameId).orderBy('squares.x').orderBy('squares.y').execute(),

    /** Confirmed periods with their winners and payouts, by period. */
    payouts: (gameId: string) =>
      winnersWithScores(db, gameId)
        .select([
          'game_winners.period',
          'period_scores.team_a_score',
          'period_scores.team_b_score',
          'game_winners.square_x',
          'game_winners.square_y',
          'game_winners.user_id',
          shown.name.as('username'),
          shown.noAccount.as('no_account'),
          shown.email.as('email'),
          winnerUnpaidSquares.as('unpaid_squares'),
          'game_winners.payout_amount_cents',
          'game_winners.payout_status',
          'game_winners.payout_reference',
          'game_winners.paid_at',
        ])
        .execute(),
  };
}

export type ExportsRepository = ReturnType<typeof exportsRepository>;
