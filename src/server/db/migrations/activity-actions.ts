import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connection';
import type { ColumnTypes } from './column-types';

/**
 * Makes `game_activity.action`'s check constraint allow exactly `actions` (the list so far plus
 * the new ones): PostgreSQL swaps the constraint; SQLite cannot alter a check, so the table is
 * rebuilt with the same columns, rows and indexes. For migrations that add an activity kind.
 */
export async function allowActivityActions(db: Kysely<any>, t: ColumnTypes, kind: DbKind, actions: readonly string[]): Promise<void> {
  const list = sql.raw(actions.map((action) => `'${action.replace(/[^a-z_]/g, '')}'`).join(', '));
  if (kind === 'postgres') {
    await sql`alter table game_activity drop constraint game_activity_action`.execute(db);
    await sql`alter table game_activity add constraint game_activity_action check (action in (${list}))`.execute(db);
    return;
  }
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
    .addCheckConstraint('game_activity_action', sql`action in (${list})`)
    .execute();
  await sql`insert into game_activity_new (id, game_id, created_at, seq, action, actor_user_id, subject_user_id, squares, detail)
    select id, game_id, created_at, seq, action, actor_user_id, subject_user_id, squares, detail from game_activity`.execute(db);
  await db.schema.dropTable('game_activity').execute();
  await db.schema.alterTable('game_activity_new').renameTo('game_activity').execute();
  await db.schema.createIndex('game_activity_game_idx').on('game_activity').columns(['game_id', 'created_at', 'seq']).execute();
  await db.schema.createIndex('game_activity_subject_idx').on('game_activity').columns(['subject_user_id', 'game_id']).execute();
}
