import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connection';
import type { ColumnTypes } from './column-types';

const ACTIONS_BEFORE = `'bought', 'reserved', 'assigned', 'marked_paid', 'marked_unpaid', 'released', 'moved', 'refunded', 'drawn', 'cleared', 'confirmed', 'sales_closed'`;

/**
 * D39's live score feed (docs/decisions/036), on the game's row (it is read under the game's lock):
 * - `feed_league`, `feed_event_id`, `feed_event_day` (YYYYMMDD, the feed's day it is listed on):
 *   the real game the pool follows (null: none);
 *   `feed_auto_confirm`: each period's score is confirmed by itself (else one click by the admin);
 *   `feed_team_a_home`: team A is the feed's home team (else its away team).
 * - `feed_live`: the last live score read (JSON, core/score-feed.ts LiveScore);
 *   `feed_entries`: the period scores the feed entered (JSON, period -> scores), until confirmed and after.
 * - Poll bookkeeping: `feed_next_poll_at` (null: not polled; a poll claims it with a conditional
 *   update, once across instances), `feed_failures` in a row, `feed_error` (the last one),
 *   `feed_note` (why an entered period waits, e.g. numbers not drawn).
 * - `game_activity.action` may be `score_entered` (the feed entered a period's score).
 */
export function scoreFeed(t: ColumnTypes, kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('games').addColumn('feed_league', 'text').execute();
      await db.schema.alterTable('games').addColumn('feed_event_id', 'text').execute();
      await db.schema.alterTable('games').addColumn('feed_event_day', 'text').execute();
      await db.schema
        .alterTable('games')
        .addColumn('feed_auto_confirm', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .execute();
      await db.schema
        .alterTable('games')
        .addColumn('feed_team_a_home', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .execute();
      await db.schema.alterTable('games').addColumn('feed_live', 'text').execute();
      await db.schema.alterTable('games').addColumn('feed_entries', 'text').execute();
      await db.schema.alterTable('games').addColumn('feed_next_poll_at', t.timestamp).execute();
      await db.schema
        .alterTable('games')
        .addColumn('feed_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('games').addColumn('feed_error', 'text').execute();
      await db.schema.alterTable('games').addColumn('feed_note', 'text').execute();
      await db.schema.createIndex('games_feed_poll_idx').on('games').column('feed_next_poll_at').execute();

      const actions = sql.raw(`${ACTIONS_BEFORE}, 'score_entered'`);
      if (kind === 'postgres') {
        await sql`alter table game_activity drop constraint game_activity_action`.execute(db);
        await sql`alter table game_activity add constraint game_activity_action check (action in (${actions}))`.execute(db);
        return;
      }
      // SQLite cannot alter a check constraint: the table is rebuilt with the same columns and indexes (as in 021).
      await db.schema
        .createTable('game_activity_new')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('subject_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('squares', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addCheckConstraint('game_activity_action', sql`action in (${actions})`)
        .execute();
      await sql`insert into game_activity_new (id, game_id, created_at, seq, action, actor_user_id, subject_user_id, squares, detail)
        select id, game_id, created_at, seq, action, actor_user_id, subject_user_id, squares, detail from game_activity`.execute(db);
      await db.schema.dropTable('game_activity').execute();
      await db.schema.alterTable('game_activity_new').renameTo('game_activity').execute();
      await db.schema.createIndex('game_activity_game_idx').on('game_activity').columns(['game_id', 'created_at', 'seq']).execute();
      await db.schema.createIndex('game_activity_subject_idx').on('game_activity').columns(['subject_user_id', 'game_id']).execute();
    },
  };
}
