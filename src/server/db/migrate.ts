import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { getMigrations } from 'better-auth/db/migration';
import { authOptions } from '../auth/auth';
import type { Settings } from '../config';
import type { Logger } from '../logger';
import { APP_VERSION } from '../version';
import { SQLITE_BUSY_TIMEOUT_MS, sqliteConnectionOf, type DatabaseHandle, type DbKind } from './connection';
import { migrations } from './migrations';

export interface MigrationReport {
  authChanges: number;
  applied: string[];
}

export interface MigrateOptions {
  /** Each applied migration is logged here (name and time), once it is committed. */
  logger?: Pick<Logger, 'info'>;
  /** The migrations to apply: this code's by default (tests put a slow or failing one among them). */
  migrations?: Record<string, Migration>;
}

/** A migration step that did not complete; its message says what happened and what to do. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Our durable record of every applied change: Kysely's own table keeps names only. */
const LOG_TABLE = 'migration_log';
/** How long a start waits on SQLite for another process's migration to finish. */
const MIGRATION_LOCK_WAIT_MS = 120_000;
/** With the schema's hash, serializes instances that start at once on one PostgreSQL schema (any fixed number of ours). */
const MIGRATE_LOCK = 7_240_024;

/**
 * The one migration step, run at start (D3): Better Auth's tables first (ours reference `user`),
 * then our own migrations, all in one transaction on both databases (SQLite's DDL is
 * transactional too): an upgrade cut off by a full disk or a killed process leaves the database
 * exactly as it was, never half-migrated (design note 024). Safe to run again: both skip what is
 * already there. A database upgraded by a newer version is refused before anything runs.
 */
export async function migrate(handle: DatabaseHandle, settings: Settings, secret: string, options: MigrateOptions = {}): Promise<MigrationReport> {
  const known = options.migrations ?? migrations(handle.kind);
  const schema = handle.kind === 'postgres' ? await currentSchema(handle.raw) : undefined;
  const durations = new Map<string, number>();
  const failed: { step?: FailedStep } = {};
  let before: string[] = [];
  let report: MigrationReport;
  // SQLite: another process may be migrating the same file (an instance starting, npm run migrate),
  // in one transaction that can take longer than a write normally waits: wait for it to finish.
  const sqlite = handle.kind === 'sqlite' ? sqliteConnectionOf(handle.raw) : undefined;
  sqlite?.exec(`PRAGMA busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
  try {
    report = await handle.raw.transaction().execute(async (trx) => {
      if (schema) await sql`select pg_advisory_xact_lock(${MIGRATE_LOCK}, hashtext(${schema}))`.execute(trx);
      before = await appliedMigrations(trx, handle.kind, schema);
      refuseNewerDatabase(before, known);
      await createLogTable(trx);

      const authStarted = performance.now();
      const authPlan = await getMigrations(authOptions({ database: { ...handle, raw: trx }, settings, secret }));
      const authChanges = authPlan.toBeCreated.length + authPlan.toBeAdded.length + authPlan.toBeAddedIndexes.length;
      if (authChanges > 0) {
        await authPlan.runMigrations().catch((err: unknown) => {
          throw new FailedStep("The account tables' migration (Better Auth)", err);
        });
        await recordApplied(trx, 'better-auth', performance.now() - authStarted, authDetail(authPlan));
      }

      const { error, results = [] } = await new Migrator({
        db: trx,
        provider: { getMigrations: async () => timed(known, durations, failed) },
        // Kysely looks for its bookkeeping tables across all schemas unless told which one; on a
        // PostgreSQL database with several schemas it could find another schema's and skip its own.
        ...(schema ? { migrationTableSchema: schema } : {}),
      }).migrateToLatest();
      // On PostgreSQL Kysely's own lock release then fails in the aborted transaction and hides
      // which migration failed and why: the timed wrapper kept both.
      if (error) {
        const name = results.find((r) => r.status === 'Error')?.migrationName;
        throw failed.step ?? new FailedStep(name ? `Migration ${name}` : 'The upgrade', error);
      }
      const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
      for (const name of applied) await recordApplied(trx, name, durations.get(name) ?? 0, null);
      return { authChanges, applied };
    });
  } catch (err) {
    if (err instanceof MigrationError) throw err;
    const step = err instanceof FailedStep ? err.step : 'The upgrade';
    const cause = err instanceof FailedStep ? err.cause : err;
    const at = before.at(-1);
    throw new MigrationError(
      `${step} failed: ${(cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, '')}. ` +
        `Nothing was applied: the database is as it was before (${at ? `at migration ${at}` : 'no migration yet'}). ` +
        'Fix the cause (free disk space, database permissions) and start again, or restore the backup taken before the upgrade (npm run restore; see "Upgrading" in the README).',
      { cause },
    );
  } finally {
    sqlite?.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  }

  if (report.authChanges > 0) options.logger?.info({ migration: 'better-auth', changes: report.authChanges }, 'account tables migrated');
  for (const name of report.applied) {
    options.logger?.info({ migration: name, ms: Math.round(durations.get(name) ?? 0) }, `migration ${name} applied`);
  }
  return report;
}

/** Names of the migrations the database has applied, oldest first (none on a new database). */
export async function appliedMigrations(db: Kysely<any>, kind: DbKind, schema?: string): Promise<string[]> {
  const exists =
    kind === 'sqlite'
      ? await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db)
      : await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = ${schema ?? 'public'} and tablename = 'kysely_migration'`.execute(
          db,
        );
  if (!Number(exists.rows[0]?.n)) return [];
  const table = schema ? sql.id(schema, 'kysely_migration') : sql.id('kysely_migration');
  const { rows } = await sql<{ name: string }>`select name from ${table} order by name`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Kysely calls a migration it does not know "corrupted"; it is a database a newer version of the
 * app upgraded, opened by an older one (a rollback without restoring the backup).
 */
function refuseNewerDatabase(applied: readonly string[], known: Record<string, unknown>): void {
  const unknown = applied.filter((name) => !(name in known));
  if (unknown.length === 0) return;
  throw new MigrationError(
    `This database was upgraded by a newer version of Squares Pool (migration ${unknown.join(', ')}), which this version does not know. ` +
      'Restore the backup taken before the upgrade (npm run restore), or run the newer version.',
  );
}

async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

class FailedStep extends Error {
  constructor(
    readonly step: string,
    override readonly cause: unknown,
  ) {
    super(step);
  }
}

/** The migrations, each timed as it runs; the first to fail is kept with its error. */
function timed(known: Record<string, Migration>, durations: Map<string, number>, failed: { step?: FailedStep }): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(known).map(([name, migration]) => [
      name,
      {
        ...migration,
        async up(db: Kysely<any>) {
          const started = performance.now();
          try {
            await migration.up(db);
          } catch (err) {
            failed.step ??= new FailedStep(`Migration ${name}`, err);
            throw err;
          }
          durations.set(name, performance.now() - started);
        },
      },
    ]),
  );
}

async function createLogTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable(LOG_TABLE)
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addColumn('app_version', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
}

async function recordApplied(db: Kysely<any>, name: string, ms: number, detail: string | null): Promise<void> {
  await db
    .insertInto(LOG_TABLE)
    .values({ name, applied_at: new Date().toISOString(), app_version: APP_VERSION, duration_ms: Math.round(ms), detail })
    .execute();
}

type AuthPlan = Awaited<ReturnType<typeof getMigrations>>;

function authDetail(plan: AuthPlan): string {
  return [
    ...plan.toBeCreated.map((t) => `created ${t.table}`),
    ...plan.toBeAdded.map((t) => `added ${Object.keys(t.fields).map((f) => `${t.table}.${f}`)}`),
    ...plan.toBeAddedIndexes.map((i) => `indexed ${i.name}`),
  ].join('; ');
}
