import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/connection';
import type { Database, GameWinnersTable } from '../db/schema';

type Executor = Kysely<Database>;

export type PayoutRow = Selectable<GameWinnersTable>;
export type PayoutStatusValue = PayoutRow['payout_status'];
export type PayoutChanges = Pick<
  Updateable<GameWinnersTable>,
  'payout_status' | 'payout_reference' | 'paid_by' | 'paid_at' | 'last_retry_at' | 'failure_reason' | 'updated_at'
>;

function queries(db: Executor) {
  return {
    /** A quarter's winner record (one per quarter). */
    winner(gameId: string, quarter: number): Promise<PayoutRow | undefined> {
      return db.selectFrom('game_winners').selectAll().where('game_id', '=', gameId).where('quarter', '=', quarter).executeTakeFirst();
    },

    /**
     * Moves a payout on only from one of the `from` states (a conditional write: two requests
     * racing cannot both move it). `countRetry` adds one to retry_count. False when it was not in
     * one of them.
     */
    async move(id: string, from: readonly PayoutStatusValue[], changes: PayoutChanges, countRetry = false): Promise<boolean> {
      const result = await db
        .updateTable('game_winners')
        .set((eb) => (countRetry ? { ...changes, retry_count: eb('retry_count', '+', 1) } : changes))
        .where('id', '=', id)
        .where('payout_status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type PayoutQueries = ReturnType<typeof queries>;

/** Payout state of winner records (D23). */
export function payoutsRepository(db: Db) {
  return {
    ...queries(db),
    /** The same queries inside the game lock's transaction. */
    within(trx: Executor): PayoutQueries {
      return queries(trx);
    },
  };
}

export type PayoutsRepository = ReturnType<typeof payoutsRepository>;
