import type { Kysely } from 'kysely';
import type { DbKind } from '../connection';
import { allowActivityActions } from './activity-actions';
import type { ColumnTypes } from './column-types';

const ACTIONS_BEFORE = ['bought', 'reserved', 'assigned', 'marked_paid', 'marked_unpaid', 'released', 'moved', 'refunded', 'drawn', 'cleared', 'confirmed'];

/**
 * D39 kickoff (docs/decisions/035):
 * - `games.kickoff_at`: when the game starts (null: no kickoff); sales close then by themselves.
 * - `games.time_zone`: the organizer's IANA zone, in which every time of the game is shown.
 * - `games.draw_at_kickoff`: the organizer chose "Draw the numbers at kickoff".
 * - `games.sales_closed_at`: when the kickoff run closed the game's sales, once across instances
 *   and restarts (a conditional update from null claims it, as `pay_by_released_at` does for D28).
 * - `game_activity.action` may be 'sales_closed' (the kickoff run's entry): the check constraint
 *   is replaced (PostgreSQL) or the table rebuilt with it (SQLite, which cannot alter a check),
 *   by allowActivityActions (the same statements this migration first wrote out itself).
 */
export function kickoff(t: ColumnTypes, kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('games').addColumn('kickoff_at', t.timestamp).execute();
      await db.schema.alterTable('games').addColumn('time_zone', 'text').execute();
      await db.schema
        .alterTable('games')
        .addColumn('draw_at_kickoff', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .execute();
      await db.schema.alterTable('games').addColumn('sales_closed_at', t.timestamp).execute();
      await db.schema.createIndex('games_kickoff_idx').on('games').columns(['kickoff_at', 'sales_closed_at']).execute();

      await allowActivityActions(db, t, kind, [...ACTIONS_BEFORE, 'sales_closed']);
    },
  };
}
