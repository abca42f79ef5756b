import type { Kysely } from 'kysely';
import type { DbKind } from '../connection';
import { allowActivityActions } from './activity-actions';
import type { ColumnTypes } from './column-types';

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

      await allowActivityActions(db, kind, ['score_entered']);
    },
  };
}
