import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { authSecretFile } from '../auth/secret';
import type { Settings } from '../config';
import { openDatabase } from '../db/connection';
import { appliedMigrations } from '../db/migrate';
import { privateDir, privateTree } from '../system/private-files';
import { APP_VERSION } from '../version';
import { appSchema, serverVersion } from './backup.repository';
import { BackupError, describeFile, fileStamp, type Manifest, POSTGRES_FILE, SECRET_FILE, secretFingerprint, SQLITE_FILE, writeManifest } from './manifest';
import { dumpSchema } from './postgres-dump';
import { copyLiveSqlite, sqliteFileMigrations } from './sqlite-files';

export interface BackupOptions {
  /** The folder to create (it must not exist, or be empty); default: BACKUP_DIR/squares-<time>. */
  out?: string;
  /** Taken by a start before it migrates: why (the manifest's reason), and `-before-upgrade` in the folder's name. */
  beforeUpgrade?: string;
  /** Where a trial keeps its auth secret (`data`). */
  dataDir?: string;
  now?: Date;
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
}

/**
 * Takes a backup while the app runs and writes (design note 024): a consistent copy of the
 * database (SQLite's online backup, or pg_dump's snapshot), the trial's auth secret, and a
 * manifest. It is written into `<dir>.partial` and renamed once complete, so a folder with the
 * final name is always a whole backup.
 */
export async function takeBackup(settings: Settings, options: BackupOptions = {}): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const secret = secretOf(settings, options.dataDir);
  const dir = options.out ?? join(settings.BACKUP_DIR, `squares-${fileStamp(now)}${options.beforeUpgrade ? '-before-upgrade' : ''}`);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new BackupError(`${dir} already exists and is not empty: name a new folder.`);
  const partial = join(dirname(dir), `${basename(dir)}.partial`);
  rmSync(partial, { recursive: true, force: true });
  // BACKUP_DIR and the backup are owner-only from the start, so no other account can open a file
  // while it is written. A folder named with --out is the operator's: created owner-only, not changed.
  if (options.out) mkdirSync(dirname(dir), { recursive: true, mode: 0o700 });
  else privateDir(dirname(dir));
  privateDir(partial);

  try {
    const database = settings.database.kind === 'sqlite' ? await copySqlite(settings.database.file, partial) : await dumpPostgres(settings, partial);
    if (database.migrations.length === 0) {
      throw new BackupError(
        `The ${settings.database.kind} database at ${where(settings)} has no Squares Pool tables: is DATABASE_URL right, and is this the app's folder?`,
      );
    }
    if (secret.file) copyFileSync(secret.file, join(partial, SECRET_FILE));
    const manifest = writeManifest(partial, {
      app_version: APP_VERSION,
      created_at: now.toISOString(),
      reason: options.beforeUpgrade ?? 'npm run backup',
      database: { kind: settings.database.kind, ...database, ...describeFile(join(partial, database.file)) },
      auth_secret: { source: secret.file ? 'file' : 'environment', fingerprint: secretFingerprint(secret.value) },
    });
    // Each file owner-only too, whatever the umask gave it, so a copy of the folder stays private.
    privateTree(partial);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    return { dir, manifest };
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

/** The auth secret and the file it lives in (none: AUTH_SECRET from the environment). */
function secretOf(settings: Settings, dataDir?: string): { value: string; file: string | null } {
  if (settings.AUTH_SECRET) return { value: settings.AUTH_SECRET, file: null };
  const file = authSecretFile(dataDir);
  if (!existsSync(file)) {
    throw new BackupError(`No auth secret: AUTH_SECRET is not set and ${file} does not exist. Run the backup from the app's folder (where npm start runs).`);
  }
  return { value: readFileSync(file, 'utf8').trim(), file };
}

function where(settings: Settings): string {
  if (settings.database.kind === 'sqlite') return settings.database.file;
  const url = new URL(settings.database.url);
  return `${url.host}${url.pathname}`;
}

/** What the manifest says of the database copy, but its size and checksum. */
type DatabaseCopy = Pick<Manifest['database'], 'file' | 'schema' | 'migrations'>;

async function copySqlite(file: string, dir: string): Promise<DatabaseCopy> {
  const copy = join(dir, SQLITE_FILE);
  await copyLiveSqlite(file, copy);
  return { file: SQLITE_FILE, schema: null, migrations: sqliteFileMigrations(copy) };
}

async function dumpPostgres(settings: Settings, dir: string): Promise<DatabaseCopy> {
  if (settings.database.kind !== 'postgres') throw new Error('not a PostgreSQL database');
  const handle = await openDatabase(settings.database, { maxConnections: 1 });
  let schema: string;
  let migrations: string[];
  let version: string;
  try {
    schema = await appSchema(handle);
    migrations = await appliedMigrations(handle.raw, 'postgres', schema);
    version = await serverVersion(handle);
  } finally {
    await handle.close();
  }
  await dumpSchema(settings.database.url, schema, join(dir, POSTGRES_FILE), version);
  return { file: POSTGRES_FILE, schema, migrations };
}
