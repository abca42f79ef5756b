import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types';

/**
 * D40/D41 mails (docs/decisions/037):
 * - `mail_preferences`: one row per account and opt-out kind it turned off (no row: the kind is on).
 * - `mail_queue.unsubscribe_url`: an opt-out mail's one-click link, sent as List-Unsubscribe.
 * - `digit_sets.numbers_mailed_at`, `game_winners.won_mailed_at`: when "numbers are drawn" and
 *   "you won" were queued (a conditional update from null claims each once); rows that exist now
 *   are marked as told, so an upgrade mails nothing about the past.
 * - `pay_by_reminders`: the one pay-by reminder per player and game (its primary key claims it).
 */
export function mailChoices(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('mail_preferences')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('unsubscribed_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('mail_preferences_pk', ['user_id', 'kind'])
        .execute();
      await db.schema.alterTable('mail_queue').addColumn('unsubscribe_url', 'text').execute();
      await db.schema.alterTable('digit_sets').addColumn('numbers_mailed_at', t.timestamp).execute();
      await db.schema.alterTable('game_winners').addColumn('won_mailed_at', t.timestamp).execute();
      await db
        .updateTable('digit_sets')
        .set((eb: any) => ({ numbers_mailed_at: eb.ref('drawn_at') }))
        .where('drawn_at', 'is not', null)
        .execute();
      await db
        .updateTable('game_winners')
        .set((eb: any) => ({ won_mailed_at: eb.ref('updated_at') }))
        .execute();
      await db.schema
        .createTable('pay_by_reminders')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('pay_by', t.timestamp, (c) => c.notNull())
        .addColumn('sent_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('pay_by_reminders_pk', ['game_id', 'user_id'])
        .execute();
    },
  };
}
