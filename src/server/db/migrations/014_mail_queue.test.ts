import { getMigrations } from 'better-auth/db/migration';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { authOptions } from '../../auth/auth';
import { parseSettings } from '../../config';
import { migrations } from './index';

describe(`migration 014: the Dev Mailbox gets a table of its own name, its mails kept (design note 026, ${testDbKind})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.cleanup());

  it('renames mail_outbox to dev_mailbox with its rows, and adds an empty mail_queue', async () => {
    await (await getMigrations(authOptions({ database: t.handle, settings: parseSettings({ NODE_ENV: 'test' }), secret: 'y'.repeat(40) }))).runMigrations();
    const migrator = new Migrator({
      db: t.handle.raw,
      provider: { getMigrations: async () => migrations(t.handle.kind) },
      ...(t.schema ? { migrationTableSchema: t.schema } : {}),
    });
    const before = await migrator.migrateTo('013_pot_of_sold_squares');
    if (before.error) throw before.error;
    const mail = { id: 'm1', to_address: 'kept@example.com', subject: 'Kept', text_body: 'x', html_body: '<p>x</p>', link: null };
    const created_at = '2026-02-01T12:00:00.000Z';
    await t.handle.raw
      .insertInto('mail_outbox')
      .values({ ...mail, created_at: t.handle.kind === 'sqlite' ? created_at : new Date(created_at) })
      .execute();

    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;
    expect(await t.handle.db.selectFrom('dev_mailbox').selectAll().execute()).toEqual([{ ...mail, created_at }]);
    expect(await t.handle.db.selectFrom('mail_queue').selectAll().execute()).toEqual([]);
    const tables = (await t.handle.raw.introspection.getTables()).filter((table) => t.handle.kind === 'sqlite' || table.schema === t.schema);
    expect(tables.map((table) => table.name)).not.toContain('mail_outbox');
  });
});
