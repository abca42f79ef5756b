import { getMigrations } from 'better-auth/db/migration';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { authOptions } from '../../auth/auth';
import { parseSettings } from '../../config';
import { migrations } from './index';

describe(`migration 016: existing numbers become set 1 of digit_sets, method legacy (design note 030, ${testDbKind})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.cleanup());

  it('copies game_grid_numbers into set 1 covering every period, keeps the mirror and the log', async () => {
    await (await getMigrations(authOptions({ database: t.handle, settings: parseSettings({ NODE_ENV: 'test' }), secret: 'y'.repeat(40) }))).runMigrations();
    const migrator = new Migrator({
      db: t.handle.raw,
      provider: { getMigrations: async () => migrations(t.handle.kind) },
      ...(t.schema ? { migrationTableSchema: t.schema } : {}),
    });
    const before = await migrator.migrateTo('014_mail_queue');
    if (before.error) throw before.error;
    const at = '2026-02-01T12:00:00.000Z';
    const stamp = t.handle.kind === 'sqlite' ? at : new Date(at);
    const game = (id: string, game_type: string) => ({
      id,
      title: 'Old Bowl',
      team_a: 'A',
      team_b: 'B',
      game_type,
      price_per_square_cents: 1000,
      payout_schedule: 'even',
      created_at: stamp,
      updated_at: stamp,
    });
    await t.handle.raw
      .insertInto('games')
      .values([game('g1', 'nfl'), game('g2', 'college-basketball'), game('g3', 'nfl')])
      .execute();
    const x = '[0,1,2,3,4,5,6,7,8,9]';
    const y = '[9,8,7,6,5,4,3,2,1,0]';
    await t.handle.raw
      .insertInto('game_grid_numbers')
      .values([
        { game_id: 'g1', x_axis_numbers: x, y_axis_numbers: y, generated_at: stamp },
        { game_id: 'g2', x_axis_numbers: y, y_axis_numbers: x, generated_at: stamp },
      ])
      .execute();
    await t.handle.raw
      .insertInto('grid_draws')
      .values({ id: 'd1', game_id: 'g1', action: 'drawn', x_axis_numbers: x, y_axis_numbers: y, created_at: stamp })
      .execute();

    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;
    const sets = await t.handle.db.selectFrom('digit_sets').selectAll().orderBy('game_id').execute();
    expect(sets).toEqual([
      expect.objectContaining({
        game_id: 'g1',
        set_number: 1,
        first_period: 1,
        last_period: 4,
        method: 'legacy',
        x_axis_numbers: x,
        y_axis_numbers: y,
        drawn_at: at,
        board_hash: null,
      }),
      expect.objectContaining({ game_id: 'g2', set_number: 1, first_period: 1, last_period: 2, method: 'legacy', x_axis_numbers: y }),
    ]);
    expect(await t.handle.db.selectFrom('game_grid_numbers').select('game_id').orderBy('game_id').execute()).toEqual([{ game_id: 'g1' }, { game_id: 'g2' }]);
    expect(await t.handle.db.selectFrom('grid_draws').select(['set_number', 'method']).execute()).toEqual([{ set_number: 1, method: 'legacy' }]);
    const games = await t.handle.db.selectFrom('games').select(['id', 'number_sets', 'draw_seed_hash']).orderBy('id').execute();
    expect(games).toEqual(['g1', 'g2', 'g3'].map((id) => ({ id, number_sets: 'game', draw_seed_hash: null })));
  });
});
