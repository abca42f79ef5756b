import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/** The `app_meta` key set once an account has ever been an admin (D8). */
export const ADMIN_EVER_KEY = 'admin_ever_existed';

/**
 * Account safety (docs/decisions/039):
 * - `email_change_undo`: the single-use link the old address gets after an e-mail change (the
 *   SHA-256 of its secret, never the secret), valid until `expires_at`; `used_at` claims it once.
 * - `app_meta`: facts about the install. `admin_ever_existed` is recorded when the first admin is
 *   made; from then on no confirmation makes anyone admin (D8). An install that has an admin, a
 *   confirmed or a deleted account now has been run by someone: it is recorded too, so an
 *   install whose admins were all revoked before this upgrade gets its next admin from
 *   `npm run admin -- grant EMAIL`, never from whoever confirms next.
 */
export function accountSafety(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('email_change_undo')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('old_email', 'text', (c) => c.notNull())
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .execute();
      await db.schema.createIndex('email_change_undo_user_idx').on('email_change_undo').columns(['user_id', 'used_at']).execute();
      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      const run = await db
        .selectFrom('user')
        .select('id')
        .where((eb) => eb.or([eb('isAdmin', '=', sql.lit(true)), eb('emailVerified', '=', sql.lit(true)), eb('deleted_at', 'is not', null)]))
        .limit(1)
        .executeTakeFirst();
      if (run) await db.insertInto('app_meta').values({ key: ADMIN_EVER_KEY, value: 'yes' }).execute();
    },
  };
}
