import { shapeOfDimensions, type BoardShape } from '@core/board-shape';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, DbKind } from '../db/connection';
import type { Executor } from '../db/executor';
import { transactionWithAfterCommit, type AfterCommit } from '../db/after-commit';
import { claimedOrLiveHold } from '../db/shared-queries';
import type { GamesTable } from '../db/schema';
import type { Logger } from '../logger';

/**
 * D36: the board shape a game row stores. Every read of a game gives the server its shape here;
 * a stored pair that is no board throws rather than being read as another board.
 */
export function shapeOfGame(row: { readonly board_rows: number; readonly board_columns: number }): BoardShape {
  return shapeOfDimensions(row.board_rows, row.board_columns);
}

/** A games row as stored, plus whether any square row (hold or owner) exists for it (D13). */
export type GameRow = Selectable<GamesTable> & { price_locked: boolean };

/** A new game: the counters and flags take the table's defaults. */
export type NewGameRow = Omit<
  Insertable<GamesTable>,
  'total_pot_cents' | 'collected_cents' | 'squares_claimed' | 'is_active' | 'grid_shuffled' | 'numbers_revealed' | 'manual_numbers_set'
> & {
  created_by: string;
};

/** The columns an admin edit may change (D13); the service decides which are still allowed. */
export type GameChanges = Partial<
  Pick<
    Updateable<GamesTable>,
    | 'title'
    | 'team_a'
    | 'team_b'
    | 'game_type'
    | 'price_per_square_cents'
    | 'payout_schedule'
    | 'payout_shares'
    | 'organizer_percent'
    | 'organizer_label'
    | 'unbought_rule'
    | 'payment_method'
    | 'payment_instructions'
    | 'pay_by'
    | 'pay_by_released_at'
    | 'max_squares_per_player'
    | 'visibility'
    | 'invite_token'
    | 'board_rows'
    | 'board_columns'
    | 'kickoff_at'
    | 'time_zone'
    | 'draw_at_kickoff'
    | 'sales_closed_at'
    | 'feed_next_poll_at'
  >
> & {
  updated_at: string;
};

/**
 * One game locked for the rest of a transaction: read it, then change or delete it. The work
 * under the lock runs every query on `tx`: a repository is made on it (`gameDayRepository(game.tx)`),
 * and another feature's step in the same transaction is given the locked game itself
 * (`sales.closeSales(game)`, `drawFirstSet(game, ...)`), never a pre-built repository.
 */
export interface LockedGame {
  readonly row: GameRow;
  /** True when any square of the game is held or owned, seen from inside the lock. */
  hasSquares(): Promise<boolean>;
  update(changes: GameChanges): Promise<GameRow>;
  /** Deletes the game; squares, grid numbers, draws, scores and winners go with it (FK cascade). */
  remove(): Promise<void>;
  /** The lock's transaction: every repository used under the lock is made on it. */
  readonly tx: Executor;
  /** Work to run once this transaction has committed (never on rollback, nor for a retried attempt). */
  readonly afterCommit: AfterCommit;
}

/** The game with `price_locked` computed by an EXISTS subquery, so a list costs one query. */
function selectGames(db: Executor) {
  return db
    .selectFrom('games')
    .selectAll('games')
    .select((eb) => eb.exists(eb.selectFrom('squares').select('squares.id').whereRef('squares.game_id', '=', 'games.id')).as('price_locked'));
}

// EXISTS is a boolean on PostgreSQL and 0/1 on SQLite (NormalizePlugin converts only stored columns).
const toRow = <T extends { price_locked: unknown }>(row: T): T & { price_locked: boolean } => ({
  ...row,
  price_locked: row.price_locked === true || row.price_locked === 1,
});

async function findById(db: Executor, id: string): Promise<GameRow | undefined> {
  const row = await selectGames(db).where('games.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export function gamesRepository(db: Db, kind: DbKind, log: Pick<Logger, 'error'>) {
  return {
    /** Newest first; ties (same created_at) in id order so the list never reshuffles. */
    async list(): Promise<GameRow[]> {
      const rows = await selectGames(db).orderBy('games.created_at', 'desc').orderBy('games.id').execute();
      return rows.map(toRow);
    },

    findById: (id: string) => findById(db, id),

    /** What D30's rule reads of these games (those that exist). */
    visibilityOf(ids: readonly string[]): Promise<Pick<GameRow, 'id' | 'visibility' | 'invite_token'>[]> {
      return db
        .selectFrom('games')
        .select(['id', 'visibility', 'invite_token'])
        .where('id', 'in', [...ids])
        .execute();
    },

    /** True when the user owns a square of the game or holds one in a live hold (D21). */
    async ownsOrHolds(gameId: string, userId: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('squares')
        .select('id')
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .where((eb) => claimedOrLiveHold(eb, now))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(game: NewGameRow): Promise<GameRow> {
      await db.insertInto('games').values(game).execute();
      const row = await findById(db, game.id);
      if (!row) throw new Error(`game ${game.id} vanished right after insert`);
      return row;
    },

    /**
     * Runs `work` in a transaction holding the game's row, so a check and the change it allows
     * see the same state (D13: a hold or claim cannot slip in between). PostgreSQL locks the row
     * with FOR UPDATE, which also blocks inserting a squares row for the game (the foreign key
     * check takes FOR KEY SHARE on it) until the transaction ends. SQLite has one connection whose
     * transactions run one at a time, and FOR UPDATE does not exist there.
     * `work` gets undefined when the game does not exist; whatever it throws rolls everything back.
     * What it queued on `afterCommit` runs after commit, before this resolves.
     */
    async withLockedGame<T>(id: string, work: (game: LockedGame | undefined) => Promise<T>): Promise<T> {
      // A delete takes checkouts' locks too (D13 refunds); a deadlock with a confirmation runs again.
      return transactionWithAfterCommit(
        (afterCommit) =>
          db.transaction().execute(async (trx) => {
            const lock = trx.selectFrom('games').select('id').where('id', '=', id);
            const exists = await (kind === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
            if (!exists) return work(undefined);
            const row = await findById(trx, id);
            if (!row) return work(undefined);
            return work({
              row,
              tx: trx,
              afterCommit,
              async hasSquares() {
                const square = await trx.selectFrom('squares').select('id').where('game_id', '=', id).limit(1).executeTakeFirst();
                return square !== undefined;
              },
              async update(changes) {
                await trx
                  .updateTable('games')
                  .set(changes satisfies Updateable<GamesTable>)
                  .where('id', '=', id)
                  .execute();
                const updated = await findById(trx, id);
                if (!updated) throw new Error(`game ${id} vanished inside its own lock`);
                return updated;
              },
              async remove() {
                await trx.deleteFrom('games').where('id', '=', id).execute();
              },
            });
          }),
        log,
      );
    },
  };
}

export type GamesRepository = ReturnType<typeof gamesRepository>;
