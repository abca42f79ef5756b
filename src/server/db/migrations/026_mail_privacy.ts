import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * Mail that has left keeps no copy of itself, and mailed announcements are counted:
 * - `mail_queue`: a mail sent or given up keeps its recipient, subject, kind, status and times,
 *   not its text, links or unsubscribe link (a sign-in or password-reset link must not outlive
 *   its delivery in the database, its backups or a copy of them). Rows already sent are cleared.
 * - `announcement_mailings`: one row per announcement that was mailed, by game and organizer and
 *   when, for the hourly limit (core/announcements.ts). Deleting an announcement, its game or the
 *   organizer's account leaves the row, so the count is not reset by them; rows older than the
 *   window are pruned as new ones are written.
 */
export function mailPrivacy(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db
        .updateTable('mail_queue')
        .set({ text_body: '', html_body: '', link: null, unsubscribe_url: null })
        .where('status', 'in', ['sent', 'failed'])
        .execute();
      await db.schema
        .createTable('announcement_mailings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('organizer_user_id', 'text', (c) => c.notNull())
        .addColumn('mailed_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('announcement_mailings_game_idx').on('announcement_mailings').columns(['game_id', 'mailed_at']).execute();
      await db.schema.createIndex('announcement_mailings_organizer_idx').on('announcement_mailings').columns(['organizer_user_id', 'mailed_at']).execute();
    },
  };
}
