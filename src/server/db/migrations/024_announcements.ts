import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connection';
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

/** The quoted names in a check constraint's text: `action in ('a', 'b')` or PostgreSQL's `ARRAY['a'::text, ...]`. */
export function quotedNames(text: string): string[] {
  return [...text.matchAll(/'([a-z_]+)'/g)].map((match) => match[1] as string);
}

/** Replaces `game_activity`'s action check with the actions it allows now plus `added`. */
export async function allowActivityActions(db: Kysely<any>, kind: DbKind, added: readonly string[]): Promise<void> {
  if (kind === 'postgres') {
    const { rows } = await sql<{ definition: string }>`
      select pg_get_constraintdef(c.oid) as definition from pg_constraint c
      where c.conname = 'game_activity_action' and c.conrelid = 'game_activity'::regclass`.execute(db);
    const actions = sql.raw(listed([...quotedNames(rows[0]?.definition ?? ''), ...added]));
    await sql`alter table game_activity drop constraint game_activity_action`.execute(db);
    await sql`alter table game_activity add constraint game_activity_action check (action in (${actions}))`.execute(db);
    return;
  }
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'game_activity' and sql is not null`.execute(db);
  const table = rows.find((row) => row.type === 'table')?.sql;
  if (!table) throw new Error('game_activity has no stored definition');
  const check = /(check\s*\(\s*"?action"?\s+in\s*\()([^)]*)(\))/i.exec(table);
  if (!check) throw new Error("game_activity's action check was not found");
  const actions = listed([...quotedNames(check[2] ?? ''), ...added]);
  const rebuilt = table
    .replace(check[0], `${check[1]}${actions}${check[3]}`)
    .replace(/^create table\s+("?)game_activity\1/i, 'create table "game_activity_new"');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into game_activity_new select * from game_activity`.execute(db);
  await sql`drop table game_activity`.execute(db);
  await sql`alter table game_activity_new rename to game_activity`.execute(db);
  for (const index of rows.filter((row) => row.type === 'index')) await sql.raw(index.sql as string).execute(db);
}

/** The actions, each once, as SQL string literals ('a', 'b'); names are [a-z_]+ only. */
function listed(actions: readonly string[]): string {
  const names = [...new Set(actions)];
  if (names.some((name) => !/^[a-z_]+$/.test(name))) throw new Error('an activity action with unexpected characters');
  return names.map((name) => `'${name}'`).join(', ');
}
