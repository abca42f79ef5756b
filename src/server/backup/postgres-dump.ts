import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { BackupError } from './manifest';

/**
 * pg_dump and psql on DATABASE_URL. The connection goes to them as libpq's environment
 * variables, so the password never shows in the process list; pg_dump writes plain SQL (readable,
 * restorable with psql anywhere). pg_dump must be the server's major version or newer.
 */

/** libpq's environment for a postgres:// URL (node-pg's `options` is left out: the schema is named explicitly). */
function libpqEnv(url: string): Record<string, string> {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new BackupError('DATABASE_URL names no database: add it after the host, e.g. postgres://user@host:5432/squares.');
  const query = parsed.searchParams;
  const env: Record<string, string> = { PGDATABASE: database, PGCONNECT_TIMEOUT: '10' };
  const host = query.get('host') ?? decodeURIComponent(parsed.hostname);
  if (host) env.PGHOST = host;
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = query.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client program; resolves with its stderr, or fails with it. */
function run(program: string, args: string[], url: string, input?: { prefix: string; file: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: { ...process.env, ...libpqEnv(url) }, stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${program} was not found: install PostgreSQL's client programs (the server's major version or newer, e.g. Debian's postgresql-client-16) and put them on PATH.`
            : `${program} could not start: ${err.message}`,
        ),
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve(stderr) : reject(new BackupError(`${program} failed (exit ${code}): ${stderr.trim() || 'no message'}`)),
    );
    if (input) {
      child.stdin!.on('error', () => {});
      child.stdin!.write(input.prefix);
      createReadStream(input.file).on('error', reject).pipe(child.stdin!);
    }
  });
}

/** The schema as plain SQL in `file`, in one snapshot (pg_dump's repeatable-read transaction). */
export async function dumpSchema(url: string, schema: string, file: string, serverVersion: string): Promise<void> {
  try {
    await run('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', `--schema=${schema}`, `--file=${file}`], url);
  } catch (err) {
    if (err instanceof BackupError && /version mismatch/i.test(err.message)) {
      throw new BackupError(
        `${err.message}\nThe server is PostgreSQL ${serverVersion}: pg_dump must be that major version or newer (install its client programs and put them first on PATH).`,
      );
    }
    throw err;
  }
}

/** Replaces the schema with the dump's, in one transaction: on any error the database is as it was. */
export async function restoreSchema(url: string, schema: string, file: string): Promise<void> {
  const prefix = `DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE;\n`;
  await run('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--file=-'], url, { prefix, file });
}
