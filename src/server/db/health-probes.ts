import { randomUUID } from 'node:crypto';
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from './connection';
import { databaseErrorCause } from './database-errors';
import { migrations } from './migrations';
import { fileProblem } from './sqlite-file';

/**
 * What readiness asks the database (design note 025). Each answers null when all is well, or the
 * cause in words an operator can act on.
 */

/** SQLite: the file opened at start is still the one at its path (not deleted, renamed or replaced). */
export function sqliteFileProblem(handle: DatabaseHandle): string | null {
  return handle.sqliteFile ? fileProblem(handle.sqliteFile) : null;
}

/**
 * SQLite: room on the disk that holds the database. SQLite writes nothing to disk before a commit,
 * so a rolled-back write passes on a full disk while the app's commits fail (SQLITE_FULL): the
 * free space is asked instead. The WAL grows to about 4 MB before a checkpoint copies it into the
 * database file, so under `minFreeBytes` (8 MiB by default) writes fail or soon will. The cause
 * names no figure, so it stays the same while the disk stays full (the log says it once).
 */
export function diskSpaceProblem(handle: DatabaseHandle, minFreeBytes: number): string | null {
  const file = handle.sqliteFile;
  if (!file) return null;
  const dir = dirname(file.path);
  const disk = statfsSync(dir);
  if (disk.bavail * disk.bsize >= minFreeBytes) return null;
  return `the disk holding ${dir} has less than ${Math.round(minFreeBytes / 2 ** 20)} MiB free: writes fail or soon will (SQLITE_FULL); free some space`;
}

/** Marks the probe's transaction to be rolled back: nothing of it is kept. */
class ProbeDone extends Error {}

/**
 * A write the database must accept, rolled back. It takes the write lock (SQLite begins
 * IMMEDIATE), and on SQLite its row is long enough to need pages of its own (overflow pages), so a
 * database that cannot grow (SQLITE_FULL) or that refuses writes (SQLITE_READONLY; PostgreSQL in
 * a read-only transaction) refuses it. The table is Kysely's migration lock, which every migrated
 * database has and nothing reads by this id.
 */
export async function writeProblem(handle: DatabaseHandle): Promise<string | null> {
  const id = `health-probe-${randomUUID()}`;
  const row = handle.kind === 'sqlite' ? `${id}-${'x'.repeat(8000)}` : id;
  try {
    await handle.raw.transaction().execute(async (tx) => {
      await sql`insert into kysely_migration_lock (id, is_locked) values (${row}, 0)`.execute(tx);
      throw new ProbeDone();
    });
  } catch (err) {
    if (err instanceof ProbeDone) return null;
    return `writes fail: ${databaseErrorCause(err)}`;
  }
  return null;
}

/** Every migration this version has is applied, and the database has none it does not know (a newer version ran on it). */
export async function migrationsProblem(handle: DatabaseHandle): Promise<string | null> {
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.raw);
    applied = rows.map((r) => r.name);
  } catch (err) {
    return `the migrations cannot be read: ${databaseErrorCause(err)}`;
  }
  const known = Object.keys(migrations(handle.kind));
  const pending = known.filter((name) => !applied.includes(name));
  if (pending.length > 0) return `migrations not applied: ${pending.join(', ')} (run npm run migrate, or restart the app)`;
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) return `the database has migrations this version does not know: ${unknown.join(', ')} (a newer version ran on it)`;
  return null;
}
