import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { privateFile } from '../system/private-files';
import { backup, DatabaseSync } from 'node:sqlite';
import { BackupError } from './manifest';

/** More pages than any database has: the whole copy is one backup step. */
const ALL_PAGES = 2 ** 31 - 1;

/**
 * Copies a live SQLite database with SQLite's online backup: what is in its WAL too (a plain
 * file copy misses it), in one step, so one read transaction: a consistent snapshot while the
 * server goes on writing (WAL readers do not block the writer). Several steps would restart at
 * every write from the server's connection and might never finish under load. The copy is made
 * a single self-contained file (journal_mode DELETE) and checked.
 */
export async function copyLiveSqlite(source: string, target: string): Promise<void> {
  if (!existsSync(source)) throw new BackupError(`No SQLite database at ${source}: is DATABASE_URL right, and is this the app's folder?`);
  const db = new DatabaseSync(source);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    await backup(db, target, { rate: ALL_PAGES });
  } finally {
    db.close();
  }
  const copy = new DatabaseSync(target);
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
  } finally {
    copy.close();
  }
  checkIntegrity(target);
}

/** PRAGMA integrity_check on a file, read-only; a damaged file is a BackupError naming the first problem. */
export function checkIntegrity(file: string): void {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    if (rows[0]?.integrity_check !== 'ok') throw new BackupError(`${file} failed SQLite's integrity check: ${rows[0]?.integrity_check ?? 'no answer'}.`);
  } finally {
    db.close();
  }
}

/**
 * Whether another process has the database open (a running server holds it while it runs): an
 * exclusive lock is refused then. When it is not, closing our connection checkpoints the WAL
 * into the file, so the file alone is the whole database afterwards.
 */
export function sqliteInUse(file: string): boolean {
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (err) {
    if (/locked|busy/i.test(err instanceof Error ? err.message : String(err))) return true;
    throw err;
  } finally {
    db.close();
  }
}

/**
 * Puts `source` in place of the database file `target` (whose server is stopped): copied beside
 * it and flushed first, the old WAL and shared-memory files removed (an old WAL replayed onto the
 * new file would corrupt it), then renamed over it in one step. The old file, when kept, moves to
 * `keepAs`.
 */
export function replaceSqliteFile(source: string, target: string, keepAs: string | null): void {
  const incoming = `${target}.restoring`;
  copyFileSync(source, incoming);
  // The copy takes the backup file's mode: an older backup's may be readable by others.
  privateFile(incoming);
  const fd = openSync(incoming, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (keepAs && existsSync(target)) {
    renameSync(target, keepAs);
    privateFile(keepAs);
  }
  for (const leftover of [`${target}-wal`, `${target}-shm`, `${target}-journal`]) rmSync(leftover, { force: true });
  renameSync(incoming, target);
}

/** The migrations a SQLite file has applied, oldest first, read without changing the file. */
export function sqliteFileMigrations(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}
