import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connection';

/** Tables that only keep migration bookkeeping: a database with rows there alone holds no data. */
const BOOKKEEPING = /^(kysely_migration|kysely_migration_lock|migration_log)$/;

/** Rows of data in the database (its one schema on PostgreSQL), and in how many tables. */
export async function dataRows(handle: DatabaseHandle, schema?: string): Promise<{ rows: number; tables: number }> {
  const tables = (await handle.raw.introspection.getTables())
    .filter((t) => !t.isView && !BOOKKEEPING.test(t.name))
    .filter((t) => handle.kind === 'sqlite' || t.schema === schema);
  let rows = 0;
  let filled = 0;
  for (const table of tables) {
    const ref = schema ? sql.id(schema, table.name) : sql.id(table.name);
    const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from ${ref}`.execute(handle.raw);
    const n = Number(counted[0]?.n ?? 0);
    rows += n;
    if (n > 0) filled += 1;
  }
  return { rows, tables: filled };
}

/**
 * The schema the app's tables live in on PostgreSQL: current_schema(), or, on a database where
 * it does not exist yet (a restore into a new database), the first schema of the search_path.
 */
export async function appSchema(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ current: string | null; path: string }>`select current_schema() as current, current_setting('search_path') as path`.execute(
    handle.raw,
  );
  const row = rows[0];
  if (row?.current) return row.current;
  const first = (row?.path ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^"(.*)"$/, '$1'))
    .find((s) => s && s !== '$user');
  return first ?? 'public';
}

/** Other sessions on this PostgreSQL database (a running instance of the app holds some). */
export async function otherConnections(handle: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(
    handle.raw,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function serverVersion(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(handle.raw);
  return rows[0]?.v ?? 'unknown';
}
