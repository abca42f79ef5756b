import type { Kysely } from 'kysely';
import type { DbKind } from '../connection';
import { allowActivityActions } from './activity-actions';
import type { ColumnTypes } from './column-types';

/** The actions this migration adds to `game_activity`'s check constraint. */
const ADDED_ACTIONS = ['announced', 'announcement_deleted'] as const;

/**
 * D40 announcements (docs/decisions/038):
 * - `announcements`: a game's announcements (`body` as core/announcements.ts stored it, the admin
 *   who posted it, when, and how many players it was mailed to, 0 when not mailed). Deleting one
 *   removes its row; the game log keeps who posted and who deleted it. Gone with its game.
 * - `game_activity.action` may be 'announced' and 'announcement_deleted'. The constraint is
 *   rebuilt from the actions it allows when this runs, plus these two, so a migration before this
 *   one that added actions of its own (another branch's) keeps them: PostgreSQL replaces the
 *   constraint; SQLite, which cannot alter a check, rebuilds the table from its own stored
 *   definition with the longer list, then its indexes.
 */
export function announcements(t: ColumnTypes, kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('announcements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('author_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('mailed_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('announcements_game_idx').on('announcements').columns(['game_id', 'created_at']).execute();
      await allowActivityActions(db, kind, ADDED_ACTIONS);
    },
  };
}
