import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { parseSettings } from '../config';
import { migrate } from './migrate';
import { prepareQuery } from './prepared';

const SECRET = 'prepared-test-secret-prepared-test-secret';

describe(`prepareQuery (${testDbKind})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    const settings = parseSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: SECRET });
    settings.database = t.settings;
    await migrate(t.handle, settings, SECRET);
  });
  afterAll(() => t.cleanup());

  it('runs one compiled query with each call’s values, an argument used twice included', async () => {
    const a = await insertGame(t.handle, { title: 'Alpha Bowl' });
    const b = await insertGame(t.handle, { title: 'Beta Bowl' });
    const titles = prepareQuery(t.handle.db, 2, (id: string, title: string) =>
      t.handle.db
        .selectFrom('games')
        .select(['title', 'is_active'])
        .where((eb) => eb.or([eb('id', '=', id), eb('title', '=', title), eb('team_a', '=', title)]))
        .orderBy('title'),
    );
    expect(await titles.execute(a, 'nothing')).toEqual([{ title: 'Alpha Bowl', is_active: true }]);
    expect(await titles.execute(b, 'Alpha Bowl')).toEqual([
      { title: 'Alpha Bowl', is_active: true },
      { title: 'Beta Bowl', is_active: true },
    ]);
  });

  it('refuses an argument that would become SQL text or is not used', () => {
    expect(() => prepareQuery(t.handle.db, 1, (id: string) => t.handle.db.selectFrom('games').select(sql.lit(id).as('x')))).toThrow(
      'argument 0 became SQL text',
    );
    expect(() => prepareQuery(t.handle.db, 1, (_id: string) => t.handle.db.selectFrom('games').select('id'))).toThrow(
      'argument 0 is not used as a parameter',
    );
  });
});
