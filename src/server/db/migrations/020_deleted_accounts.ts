import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * D41 (docs/decisions/034): a deleted account keeps its user row, so the squares it bought stay
 * on the board under its username (squares, checkouts and winners point at it). `deleted_at`
 * marks it; its e-mail address is replaced by one that can never receive mail, and its ways in
 * (password, sessions) are removed.
 */
export function deletedAccounts(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('user').addColumn('deleted_at', t.timestamp).execute();
    },
  };
}
