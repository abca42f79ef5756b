import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Payout recovery (issue 10): when a payout entered `processing`, so a crash between Mark Paid's
 * two steps can be found after a restart by every instance's recovery sweep and handed back to a
 * person. A payout already in processing before this migration counts from its last update.
 */
export function payoutRecovery(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('game_winners').addColumn('processing_started_at', t.timestamp).execute();
      await db
        .updateTable('game_winners')
        .set({ processing_started_at: sql.ref('updated_at') })
        .where('payout_status', '=', 'processing')
        .execute();
      await db.schema.createIndex('game_winners_processing_idx').on('game_winners').columns(['payout_status', 'processing_started_at']).execute();
    },
  };
}
