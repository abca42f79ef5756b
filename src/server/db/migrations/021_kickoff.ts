import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connection';
import { gameActivityTable } from './010_board_tools';
import type { ColumnTypes } from './column-types';

const ACTIONS_BEFORE = `'bought', 'reserved', 'assigned', 'marked_paid', 'marked_unpaid', 'released', 'moved', 'refunded', 'drawn', 'cleared', 'confirmed'`;

/**
 * D39 kickoff (docs/decisions/035):
 * - `games.kickoff_at`: when the game starts (null: no kickoff); sales close then by themselves.
 * - `games.time_zone`: the organizer's IANA zone, in which every time of the game is shown.
 * - `games.draw_at_kickoff`: the organizer chose "Draw the numbers at kickoff".
 * - `games.sales_closed_at`: when the kickoff run closed the game's sales, once across instances
 *   and restarts (a conditional update from null claims it, as `pay_by_released_at` does for D28).
 * - `game_activity.action` may be 'sales_closed' (the kickoff run's entry): the check constraint
 *   is replaced (PostgreSQL) or the table rebuilt with it (SQLite, which cannot alter a check).
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

      const actions = sql.raw(`${ACTIONS_BEFORE}, 'sales_closed'`);
      if (kind === 'postgres') {
        await sql`alter table game_activity drop constraint game_activity_action`.execute(db);
        await sql`alter table game_activity add constraint game_activity_action check (action in (${actions}))`.execute(db);
        return;
      }
      await gameActivityTable(db, 'game_activity_new', t)
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
