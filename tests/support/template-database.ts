import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { createTestDatabase, TEST_DATABASE_URL, testDbKind, type TestDatabase, type TestDatabaseStart } from './db';

/**
 * Issue 34: a test app's database starts migrated instead of running every migration (200-600 ms
 * on SQLite, about a second on PostgreSQL, where Better Auth's planner reads the catalog of every
 * test schema). Once per test process, a template is migrated the way an app migrates:
 * - SQLite: the closed template file is copied (a millisecond);
 * - PostgreSQL: what the migration wrote to its schema is recorded (every statement but reads and
 *   transaction control, in order) and replayed into each new schema in one transaction, the
 *   template's schema name replaced by the new one.
 * The app then skips `migrate` (tests/support/app.ts); a test that needs an empty or an older
 * database makes one with createTestDatabase.
 */
export async function migratedTestDatabase(migrateEmpty: (db: TestDatabase) => Promise<void>): Promise<TestDatabase> {
  start ??= testDbKind === 'sqlite' ? sqliteTemplate(migrateEmpty) : postgresTemplate(migrateEmpty);
  return createTestDatabase(testDbKind, await start);
}

let start: Promise<TestDatabaseStart> | undefined;

async function sqliteTemplate(migrateEmpty: (db: TestDatabase) => Promise<void>): Promise<TestDatabaseStart> {
  const template = await createTestDatabase('sqlite');
  await migrateEmpty(template);
  // Closing checkpoints the WAL into the file, so the file alone is the whole database.
  await template.handle.close();
  const file = (template.settings as { file: string }).file;
  process.once('exit', () => rmSync(dirname(file), { recursive: true, force: true }));
  return { sqliteCopyOf: file };
}

interface Statement {
  text: string;
  values: unknown[] | undefined;
}

const READ_OR_CONTROL = /^\s*(?:select|with|begin|commit|rollback|savepoint|release|show)\b/i;

async function postgresTemplate(migrateEmpty: (db: TestDatabase) => Promise<void>): Promise<TestDatabaseStart> {
  const template = await createTestDatabase('postgres');
  const templateSchema = template.schema!;
  const statements: Statement[] = [];
  const pool = template.handle.pool!;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const recording = new WeakSet<pg.PoolClient>();
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    if (!recording.has(client)) {
      recording.add(client);
      const query = client.query.bind(client) as (text: unknown, values?: unknown[]) => Promise<unknown>;
      (client as { query: unknown }).query = (text: unknown, values?: unknown[]) => {
        if (typeof text === 'string' && !READ_OR_CONTROL.test(text)) statements.push({ text, values });
        return query(text, values);
      };
    }
    return client;
  };
  await migrateEmpty(template);
  await template.cleanup();
  if (statements.length === 0) throw new Error('the template migration recorded no statement');
  const quoted = new RegExp(`"${templateSchema}"`, 'g');
  return {
    async postgresFill(schema) {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        await client.query('BEGIN');
        for (const statement of statements) await client.query(statement.text.replace(quoted, `"${schema}"`), statement.values);
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
    },
  };
}
