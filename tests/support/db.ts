import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseSettings } from '../../src/server/config';
import { openDatabase, type DatabaseHandle, type DbKind } from '../../src/server/db/connection';

/** Which database the server tests run on: scripts/test.ts runs them once with each. */
export const testDbKind: DbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** What a second app instance would be given to reach the same database. */
  settings: DatabaseSettings;
  schema?: string;
  cleanup(): Promise<void>;
}

/** What a new test database starts from instead of nothing (tests/support/template-database.ts). */
export interface TestDatabaseStart {
  /** SQLite: a closed database file to copy. */
  sqliteCopyOf?: string;
  /** PostgreSQL: fills the new schema (created, empty) before the app's connections open. */
  postgresFill?: (schema: string) => Promise<void>;
}

/** A fresh database for one test: a temp SQLite file, or a PostgreSQL schema of its own; empty unless `start` fills it. */
export async function createTestDatabase(kind: DbKind = testDbKind, start: TestDatabaseStart = {}): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'squares-test-'));
    const settings: DatabaseSettings = { kind: 'sqlite', file: join(dir, 'squares.db') };
    if (start.sqliteCopyOf) copyFileSync(start.sqliteCopyOf, settings.file);
    const handle = await openDatabase(settings);
    return {
      handle,
      settings,
      async cleanup() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const settings: DatabaseSettings = { kind: 'postgres', url: TEST_DATABASE_URL };
  await start.postgresFill?.(schema);
  const handle = await openDatabase(settings, { schema, maxConnections: 5 });
  return {
    handle,
    settings,
    schema,
    async cleanup() {
      await handle.close();
      await dropSchema(TEST_DATABASE_URL, schema);
    },
  };
}

/** Drops a PostgreSQL schema and everything in it (a test's, or a bench run's). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
