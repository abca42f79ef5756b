import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * D38 (docs/decisions/030, "The beacon path"; 027 "Why the job polls"):
 * - `digit_sets.last_error_at`: when a waiting set's last attempt failed, next to `last_error`,
 *   so the admin's game-day page can say "last attempt failed at 19:02: <reason>; retrying".
 *   Both are cleared when the set is drawn.
 * - `digit_sets_waiting`, a partial index of the beacon sets not drawn yet: the beacon job's pass
 *   every chain period (on every instance) reads only it, which is empty while nothing waits.
 */
export function drawAttempts(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('digit_sets').addColumn('last_error_at', t.timestamp).execute();
      await sql`create index digit_sets_waiting on digit_sets (round) where drawn_at is null and method = 'beacon'`.execute(db);
    },
  };
}
