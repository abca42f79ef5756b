import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connection';

/**
 * For migrations that add an activity kind: `game_activity.action`'s check constraint is rebuilt
 * from the actions it allows when the migration runs, plus the new ones, so kinds added by any
 * earlier migration are kept without each migration repeating the whole list. PostgreSQL replaces
 * the constraint; SQLite, which cannot alter a check, rebuilds the table from its own stored
 * definition with the longer list, then its indexes. (Migration 021 predates this helper and
 * writes its list out; released migrations are not edited.)
 */
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
