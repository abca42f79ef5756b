import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
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

  it('reads as a statement of its own on SQLite with the same rows, and never around an open transaction', async () => {
    const gameId = await insertGame(t.handle, { title: 'Direct Bowl' });
    const raw = t.handle.raw;
    const build = (id: string) => raw.selectFrom('games').select(['title', 'is_active']).where('id', '=', id);
    const direct = prepareQuery(raw, 1, build, { direct: true });
    const viaKysely = prepareQuery(raw, 1, build);
    expect(await direct.execute(gameId)).toEqual(await viaKysely.execute(gameId));
    if (t.handle.kind === 'sqlite') expect(direct.runsDirectly).toBe(true);

    // A transaction holds the one SQLite connection across awaits: a read must wait for it, as
    // every query does, and never see what it has not committed.
    let inside!: () => void;
    const held = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = raw
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('games').set({ title: 'Uncommitted Bowl' }).where('id', '=', gameId).execute();
        inside();
        await finished;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await held;
    const read = direct.execute(gameId);
    finish();
    expect(await read).toEqual([{ title: 'Direct Bowl', is_active: t.handle.kind === 'sqlite' ? 1 : true }]);
    expect(await transaction).toBe('rolled back');
  });

  it('refuses an argument that would become SQL text or is not used', () => {
    expect(() => prepareQuery(t.handle.db, 1, (id: string) => t.handle.db.selectFrom('games').select(sql.lit(id).as('x')))).toThrow(
      'argument 0 became SQL text',
    );
    expect(() => prepareQuery(t.handle.db, 1, (_id: string) => t.handle.db.selectFrom('games').select('id'))).toThrow('argument 0 is not used as a parameter');
  });
});
