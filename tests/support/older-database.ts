import { getMigrations } from 'better-auth/db/migration';
import { Migrator, type Migration } from 'kysely/migration';
import { authOptions } from '../../src/server/auth/auth';
import { parseSettings } from '../../src/server/config';
import { migrations } from '../../src/server/db/migrations';
import { TEST_SECRET } from './app';
import type { TestDatabase } from './db';

/**
 * A database as an older version of the app left it: Better Auth's tables and our migrations up
 * to `last` (Kysely's migrateTo), for tests that upgrade it or cut an upgrade off.
 */
export async function olderDatabase(
  t: Pick<TestDatabase, 'handle' | 'schema'>,
  last: string,
  known: Record<string, Migration> = migrations(t.handle.kind),
): Promise<Migrator> {
  const settings = parseSettings({ NODE_ENV: 'test' });
  await (await getMigrations(authOptions({ database: t.handle, settings, secret: TEST_SECRET }))).runMigrations();
  const migrator = new Migrator({
    db: t.handle.raw,
    provider: { getMigrations: async () => known },
    ...(t.schema ? { migrationTableSchema: t.schema } : {}),
  });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
  return migrator;
}
