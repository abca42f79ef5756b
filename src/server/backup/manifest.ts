import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * A backup is a folder (design note 024): the database (`squares.db`, a SQLite copy, or
 * `database.sql`, pg_dump's plain SQL), the trial's auth secret (`auth-secret`) when it lives in
 * a file, and this manifest saying what the folder holds.
 */
/** The file every backup folder holds (a folder with it is a backup). */
export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_FILE = 'squares.db';
export const POSTGRES_FILE = 'database.sql';
export const SECRET_FILE = 'auth-secret';
const FORMAT = 'squares-pool-backup/1';

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  app_version: z.string(),
  created_at: z.string(),
  /** Why it was taken: `npm run backup`, or the start before an upgrade. */
  reason: z.string(),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    file: z.enum([SQLITE_FILE, POSTGRES_FILE]),
    /** PostgreSQL: the one schema dumped; null: the whole database. */
    schema: z.string().nullable(),
    /** Our migrations the database had applied, oldest first. */
    migrations: z.array(z.string()),
    bytes: z.number(),
    sha256: z.string(),
  }),
  auth_secret: z.object({
    /** file: `auth-secret` holds it (a trial); environment: AUTH_SECRET, kept wherever it is set. */
    source: z.enum(['file', 'environment']),
    /** Tells whether the AUTH_SECRET at restore is the one the sessions were signed with; reveals nothing of it. */
    fingerprint: z.string(),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A time for a file name: 2026-11-26T17-05-03Z (no colons, which some systems refuse). */
export function fileStamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/** A short, one-way name for a secret: equal secrets, equal fingerprints. */
export function secretFingerprint(secret: string): string {
  return createHash('sha256').update(`squares-pool-backup:${secret}`).digest('hex').slice(0, 16);
}

function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export function describeFile(path: string): { bytes: number; sha256: string } {
  return { bytes: statSync(path).size, sha256: sha256File(path) };
}

export function writeManifest(dir: string, manifest: Omit<Manifest, 'format'>): Manifest {
  const full: Manifest = { format: FORMAT, ...manifest };
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(full, null, 2)}\n`, { mode: 0o600 });
  return full;
}

/** The manifest of a backup folder, checked; every problem is a BackupError that says what is wrong. */
export function readManifest(dir: string): Manifest {
  const path = join(dir, MANIFEST_FILE);
  if (!existsSync(dir)) throw new BackupError(`No backup at ${dir}.`);
  if (!statSync(dir).isDirectory()) throw new BackupError(`${dir} is a file: give the backup's folder (the one with ${MANIFEST_FILE} in it).`);
  if (!existsSync(path)) throw new BackupError(`${dir} is not a Squares Pool backup: it has no ${MANIFEST_FILE}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new BackupError(`${path} is not valid JSON: the backup is damaged.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success)
    throw new BackupError(
      `${path} is not a Squares Pool backup manifest (${result.error.issues[0]?.path.join('.') ?? ''}: ${result.error.issues[0]?.message ?? ''}).`,
    );
  const manifest = result.data;
  const file = join(dir, manifest.database.file);
  if (!existsSync(file)) throw new BackupError(`The backup at ${dir} is incomplete: ${manifest.database.file} is missing.`);
  if (sha256File(file) !== manifest.database.sha256)
    throw new BackupError(`The backup at ${dir} is damaged: ${manifest.database.file} is not the file that was backed up (its checksum differs).`);
  if (manifest.auth_secret.source === 'file' && !existsSync(join(dir, SECRET_FILE))) {
    throw new BackupError(`The backup at ${dir} is incomplete: ${SECRET_FILE} (the auth secret) is missing.`);
  }
  return manifest;
}

/** A backup or restore that cannot go on; the message is for the person running the command. */
export class BackupError extends Error {
  override name = 'BackupError';
}
