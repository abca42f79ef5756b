import { type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../db/executor';
import { digitSetsOf, type DigitSetRow } from '../draws/draws.repository';
import { person, winnerUnpaidSquares, winnersWithScores } from '../db/shared-queries';

/** D48: the winner as every answer shows them. */
const winner = person();
import type { GamesTable, GameWinnersTable, GridDrawsTable, PeriodScoresTable } from '../db/schema';

/**
 * Game day's tables (spec section 3, D14-D17, D19, D23, D24): grid numbers, the draw log,
 * period scores and winner records. Writes run inside the game's row lock, on
 * `gameDayRepository(game.tx)` (the games repository's withLockedGame); the reads of the
 * game-day view and of My Winnings run on the database.
 */

interface NumbersRow {
  x_axis_numbers: string;
  y_axis_numbers: string;
  generated_at: string;
}

type ScoreRow = Selectable<PeriodScoresTable>;
type WinnerRow = Selectable<GameWinnersTable>;
type NewDraw = Insertable<GridDrawsTable>;

/** The game's flags game day changes (D16) and the end of the game (D19). */
type GameFlags = Pick<Updateable<GamesTable>, 'grid_shuffled' | 'numbers_revealed' | 'manual_numbers_set' | 'is_active'> & {
  updated_at: string;
};

/** A winner record as confirming a period writes it; the payout fields start over. */
export type WinnerValues = Omit<WinnerRow, 'id' | 'created_at' | 'retry_count'> & { retry_count: number };

/** A claimed square's id and owner. */
interface OwnerRow {
  id: string;
  user_id: string;
}

/** A confirmed period: its score, its winner record and the winner's names. */
export interface ResultRow {
  period: number;
  team_a_score: number;
  team_b_score: number;
  winning_numbers_x: number;
  winning_numbers_y: number;
  square_x: number;
  square_y: number;
  user_id: string | null;
  winner_name: string | null;
  winner_no_account: boolean;
  winner_email: string | null;
  winner_unpaid_squares: number;
  payout_amount_cents: number;
  payout_status: WinnerRow['payout_status'];
  payout_reference: string | null;
  retry_count: number;
  last_retry_at: string | null;
  paid_at: string | null;
}

/** One win of a player, with its game (My Winnings). */
export interface WinningRow {
  game_id: string;
  title: string;
  game_type: string;
  team_a: string;
  team_b: string;
  period: number;
  payout_amount_cents: number;
  payout_status: WinnerRow['payout_status'];
}

/** Game day's queries, on the database or on the game lock's transaction. */
export function gameDayRepository(db: Executor) {
  return {
    numbers(gameId: string): Promise<NumbersRow | undefined> {
      return db.selectFrom('game_grid_numbers').select(['x_axis_numbers', 'y_axis_numbers', 'generated_at']).where('game_id', '=', gameId).executeTakeFirst();
    },

    /** One row per game (spec: upsert conflicting on game_id). */
    async saveNumbers(gameId: string, xAxis: readonly number[], yAxis: readonly number[], at: string, adminId: string): Promise<void> {
      const values = { x_axis_numbers: JSON.stringify(xAxis), y_axis_numbers: JSON.stringify(yAxis), generated_at: at, generated_by: adminId };
      await db
        .insertInto('game_grid_numbers')
        .values({ game_id: gameId, ...values })
        .onConflict((oc) => oc.column('game_id').doUpdateSet(values))
        .execute();
    },

    /** True when a row was deleted. */
    async deleteNumbers(gameId: string): Promise<boolean> {
      const result = await db.deleteFrom('game_grid_numbers').where('game_id', '=', gameId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** D35/D38: the game's digit sets, set 1 first. */
    digitSets(gameId: string): Promise<DigitSetRow[]> {
      return digitSetsOf(db, gameId);
    },

    async logDraw(draw: NewDraw): Promise<void> {
      await db.insertInto('grid_draws').values(draw).execute();
    },

    /** The draw log, oldest first; the id breaks ties so the order never changes. */
    draws(gameId: string): Promise<Pick<Selectable<GridDrawsTable>, 'action' | 'created_at'>[]> {
      return db
        .selectFrom('grid_draws')
        .select(['action', 'created_at'])
        .where('game_id', '=', gameId)
        .where('set_number', '=', 1)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async setFlags(gameId: string, flags: GameFlags): Promise<void> {
      await db.updateTable('games').set(flags).where('id', '=', gameId).execute();
    },

    /** D28: how many owned squares are not paid yet. */
    async unpaidCount(gameId: string): Promise<number> {
      const row = await db
        .selectFrom('squares')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('game_id', '=', gameId)
        .where('status', '=', 'claimed')
        .where('is_paid', '=', false)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The confirmed periods' scores, in period order. */
    scores(gameId: string): Promise<ScoreRow[]> {
      return db.selectFrom('period_scores').selectAll().where('game_id', '=', gameId).orderBy('period').execute();
    },

    async saveScore(score: ScoreRow): Promise<void> {
      const { game_id: _gameId, period: _period, ...changes } = score;
      await db
        .insertInto('period_scores')
        .values(score)
        .onConflict((oc) => oc.columns(['game_id', 'period']).doUpdateSet(changes))
        .execute();
    },

    /** The owner of a sold square (D21: status 'claimed'); a hold is nobody's yet. */
    ownerAt(gameId: string, x: number, y: number): Promise<OwnerRow | undefined> {
      return db
        .selectFrom('squares')
        .select(['id', 'user_id'])
        .where('game_id', '=', gameId)
        .where('x', '=', x)
        .where('y', '=', y)
        .where('status', '=', 'claimed')
        .executeTakeFirst();
    },

    winner(gameId: string, period: number): Promise<WinnerRow | undefined> {
      return db.selectFrom('game_winners').selectAll().where('game_id', '=', gameId).where('period', '=', period).executeTakeFirst();
    },

    /**
     * Writes the period's winner record: one per period however often it is confirmed (the
     * unique key on (game_id, period); the row keeps its id and created_at).
     */
    async saveWinner(id: string, values: WinnerValues, at: string): Promise<void> {
      await db
        .insertInto('game_winners')
        .values({ id, ...values, created_at: at })
        .onConflict((oc) => oc.columns(['game_id', 'period']).doUpdateSet(values))
        .execute();
    },

    /** Only the scores of a period (a correction that leaves the winner as it was). */
    async touchWinner(gameId: string, period: number, changes: Pick<Updateable<GameWinnersTable>, 'admin_user_id' | 'updated_at'>): Promise<void> {
      await db.updateTable('game_winners').set(changes).where('game_id', '=', gameId).where('period', '=', period).execute();
    },

    /** Confirmed periods with their winner records and the winners' names, in period order. */
    results(gameId: string): Promise<ResultRow[]> {
      return winnersWithScores(db, gameId)
        .select([
          'period_scores.period',
          'period_scores.team_a_score',
          'period_scores.team_b_score',
          'game_winners.winning_numbers_x',
          'game_winners.winning_numbers_y',
          'game_winners.square_x',
          'game_winners.square_y',
          'game_winners.user_id',
          winner.name.as('winner_name'),
          winner.noAccount.as('winner_no_account'),
          winner.email.as('winner_email'),
          // D47: what the winner still owes for (the price is the service's).
          winnerUnpaidSquares.as('winner_unpaid_squares'),
          'game_winners.payout_amount_cents',
          'game_winners.payout_status',
          'game_winners.payout_reference',
          'game_winners.retry_count',
          'game_winners.last_retry_at',
          'game_winners.paid_at',
        ])
        .execute();
    },

    /**
     * A player's wins: the records naming them, or naming a square they own; newest game first,
     * then by period. Only once the game's numbers are revealed, as the board shows winners
     * (spec section 4; docs/decisions/006-when-results-show.md).
     */
    winningsOf(userId: string): Promise<WinningRow[]> {
      return db
        .selectFrom('game_winners')
        .innerJoin('games', 'games.id', 'game_winners.game_id')
        .select([
          'games.id as game_id',
          'games.title',
          'games.game_type',
          'games.team_a',
          'games.team_b',
          'game_winners.period',
          'game_winners.payout_amount_cents',
          'game_winners.payout_status',
        ])
        .where('games.grid_shuffled', '=', true)
        .where('games.numbers_revealed', '=', true)
        .where((eb) =>
          eb.or([
            eb('game_winners.user_id', '=', userId),
            eb.exists(
              eb
                .selectFrom('squares')
                .select('squares.id')
                .whereRef('squares.id', '=', 'game_winners.winning_square_id')
                .where('squares.user_id', '=', userId)
                .where('squares.status', '=', 'claimed'),
            ),
          ]),
        )
        .orderBy('games.created_at', 'desc')
        .orderBy('games.id')
        .orderBy('game_winners.period')
        .execute();
    },
  };
}

export type GameDayRepository = ReturnType<typeof gameDayRepository>;
