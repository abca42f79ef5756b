import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { authSecretFile } from '../auth/secret';
import type { Settings } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { appliedMigrations } from '../db/migrate';
import { migrations } from '../db/migrations';
import { privateDir } from '../system/private-files';
import { APP_VERSION } from '../version';
import { appSchema, dataRows, otherConnections } from './backup.repository';
import { BackupError, fileStamp, type Manifest, readManifest, SECRET_FILE, secretFingerprint } from './manifest';
import { restoreSchema } from './postgres-dump';
import { checkIntegrity, replaceSqliteFile, sqliteFileMigrations, sqliteInUse } from './sqlite-files';
import { countOf } from '@core/text';

export interface RestoreOptions {
  /** The backup's folder. */
  from: string;
  /** Replace a database that holds data (and, on PostgreSQL, one other sessions are connected to). */
  force?: boolean;
  /** Where a trial keeps its auth secret (`data`). */
  dataDir?: string;
  now?: Date;
}

/**
 * Brings a backup back into the database DATABASE_URL names, and its auth secret into the
 * trial's secret file (design note 024). Everything is checked before anything is replaced: the
 * backup whole, of this kind of database, not from a newer version; the database not in use and
 * empty unless `force`. Returns what it did, line by line, for the person running it.
 */
export async function restoreBackup(settings: Settings, options: RestoreOptions): Promise<string[]> {
  const manifest = readManifest(options.from);
  const kind = settings.database.kind;
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `This backup is of a ${manifest.database.kind} database and DATABASE_URL names a ${kind} one: set DATABASE_URL to a ${manifest.database.kind === 'sqlite' ? 'SQLite file' : 'postgres:// URL'} to restore it (a backup does not move data between SQLite and PostgreSQL).`,
    );
  }
  const known = migrations(kind);
  const unknown = manifest.database.migrations.filter((name) => !(name in known));
  if (unknown.length > 0) {
    throw new BackupError(
      `This backup was taken by a newer version of Squares Pool (${manifest.app_version}; migration ${unknown.join(', ')}), which this version (${APP_VERSION}) does not know: restore it with version ${manifest.app_version} or newer.`,
    );
  }

  const lines =
    settings.database.kind === 'sqlite'
      ? await restoreSqlite(settings.database.file, manifest, options)
      : await restorePostgres(settings.database.url, manifest, options);
  return [
    `Restored the backup of ${manifest.created_at} (Squares Pool ${manifest.app_version}, ${manifest.database.migrations.length} migrations) from ${options.from}.`,
    ...lines,
    ...restoreSecret(settings, manifest, options),
  ];
}

async function restoreSqlite(file: string, manifest: Manifest, options: RestoreOptions): Promise<string[]> {
  const source = join(options.from, manifest.database.file);
  checkIntegrity(source);
  let keepAs: string | null = null;
  if (existsSync(file)) {
    if (sqliteInUse(file)) {
      throw new BackupError(
        `${file} is open in another process: stop Squares Pool (every process using this database) before restoring, then run the restore again.`,
      );
    }
    // Through the app's own connection settings; closing it checkpoints the WAL into the file.
    const held = await withDatabase({ kind: 'sqlite', file }, (handle) => dataRows(handle));
    if (held.rows > 0) {
      keepAs = `${file}.before-restore-${fileStamp(options.now)}`;
      if (!options.force) {
        throw new BackupError(
          `${file} already holds data (${counted(held)}). Restoring replaces it: run the restore again with --force (the current file is then kept as ${keepAs}).`,
        );
      }
    }
  } else {
    privateDir(dirname(file));
  }
  replaceSqliteFile(source, file, keepAs);
  checkIntegrity(file);
  const now = sqliteFileMigrations(file);
  if (now.join() !== manifest.database.migrations.join())
    throw new BackupError(`${file} does not hold the backup's migrations after the restore: the copy failed.`);
  return [`The SQLite database ${file} is the backup's${keepAs ? `; the database it replaced is kept as ${keepAs}` : ''}.`];
}

async function restorePostgres(url: string, manifest: Manifest, options: RestoreOptions): Promise<string[]> {
  const schema = manifest.database.schema ?? 'public';
  await withDatabase({ kind: 'postgres', url }, async (handle) => {
    const target = await appSchema(handle);
    if (target !== schema) {
      throw new BackupError(
        `The backup holds the schema "${schema}" and DATABASE_URL's connections use "${target}": restore into a database whose search_path starts with "${schema}" (for the default schema, no options in DATABASE_URL).`,
      );
    }
    const others = await otherConnections(handle);
    if (others > 0 && !options.force) {
      throw new BackupError(
        `${others} other connection(s) to this database are open: stop Squares Pool (every instance) before restoring, or run the restore again with --force.`,
      );
    }
    const held = await dataRows(handle, schema);
    if (held.rows > 0 && !options.force) {
      throw new BackupError(
        `The database's schema "${schema}" already holds data (${counted(held)}). Restoring replaces it: run the restore again with --force (take a backup of it first if you may want it back).`,
      );
    }
  });
  await restoreSchema(url, schema, join(options.from, manifest.database.file));
  const now = await withDatabase({ kind: 'postgres', url }, (handle) => appliedMigrations(handle.raw, 'postgres', schema));
  if (now.join() !== manifest.database.migrations.join())
    throw new BackupError(`The database does not hold the backup's migrations after the restore: psql did not restore it.`);
  return [`The PostgreSQL schema "${schema}" of ${new URL(url).pathname.slice(1)} is the backup's.`];
}

function counted({ rows, tables }: { rows: number; tables: number }): string {
  return `${countOf(rows, 'row')} in ${countOf(tables, 'table')}`;
}

async function withDatabase<T>(settings: Settings['database'], use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(settings, { maxConnections: 1 });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

function restoreSecret(settings: Settings, manifest: Manifest, options: RestoreOptions): string[] {
  const lines: string[] = [];
  const matches = settings.AUTH_SECRET ? secretFingerprint(settings.AUTH_SECRET) === manifest.auth_secret.fingerprint : null;
  if (manifest.auth_secret.source === 'file') {
    const file = authSecretFile(options.dataDir);
    const secret = readFileSync(join(options.from, SECRET_FILE), 'utf8').trim();
    const replaced = existsSync(file) && readFileSync(file, 'utf8').trim() !== secret;
    privateDir(dirname(file));
    writeFileSync(file, secret, { mode: 0o600 });
    chmodSync(file, 0o600);
    lines.push(`The auth secret is restored to ${file}${replaced ? ' (it replaced a different one)' : ''}.`);
  }
  if (matches === false) {
    lines.push(
      'Warning: AUTH_SECRET is set and is not the secret the backup was signed with: everyone must sign in again, unless you set AUTH_SECRET as it was.',
    );
  } else if (manifest.auth_secret.source === 'environment' && matches === null) {
    lines.push(
      'Warning: the backup was signed with AUTH_SECRET from the environment, which is not set here: set it as it was (from your .env backup), or everyone must sign in again.',
    );
  }
  return lines;
}
