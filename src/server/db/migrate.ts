import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { getMigrations } from 'better-auth/db/migration';
import { authOptions } from '../auth/auth';
import type { Settings } from '../config';
import type { DatabaseHandle } from './connection';
import { migrations } from './migrations';

export interface MigrationReport {
  authChanges: number;
  applied: string[];
}

/**
 * The one migration step, run at start (D3): Better Auth's tables first (ours reference
 * `user`), then our own migrations. Safe to run again: both skip what is already there.
 */
export async function migrate(handle: DatabaseHandle, settings: Settings, secret: string): Promise<MigrationReport> {
  const authPlan = await getMigrations(authOptions({ database: handle, settings, secret }));
  const authChanges = authPlan.toBeCreated.length + authPlan.toBeAdded.length + authPlan.toBeAddedIndexes.length;
  if (authChanges > 0) await authPlan.runMigrations();

  const migrator = new Migrator({
    db: handle.raw,
    provider: { getMigrations: async () => migrations(handle.kind) },
    // Kysely looks for its bookkeeping tables across all schemas unless told which one; on a
    // PostgreSQL database with several schemas it could find another schema's and skip its own.
    ...(handle.kind === 'postgres' ? { migrationTableSchema: await currentSchema(handle) } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return { authChanges, applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

async function currentSchema(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.raw);
  return rows[0]?.schema ?? 'public';
}
