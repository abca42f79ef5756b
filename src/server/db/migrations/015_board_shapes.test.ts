import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Migrator } from 'kysely/migration';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';
import { shapeOfGame } from '../../games/games.repository';
import { toGame } from '../../games/games.service';

describe(`migration 015: a game's board shape, existing games 10 x 10 (D36, design note 028, ${testDbKind})`, () => {
  let t: TestDatabase;
  let migrator: Migrator;
  beforeEach(async () => {
    t = await createTestDatabase();
    migrator = await olderDatabase(t, '014_mail_queue');
  });
  afterEach(() => t.cleanup());

  const at = () => (t.handle.kind === 'sqlite' ? new Date().toISOString() : new Date());

  it('reads a game made before as the 10 x 10 board it was sold on', async () => {
    const id = randomUUID();
    await t.handle.raw
      .insertInto('games')
      .values({
        id,
        title: 'Old Bowl',
        team_a: 'A',
        team_b: 'B',
        game_type: 'nfl',
        price_per_square_cents: 1000,
        payout_schedule: 'even',
        created_at: at(),
        updated_at: at(),
      })
      .execute();
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;

    const row = await t.handle.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.board_rows, row.board_columns]).toEqual([10, 10]);
    expect(shapeOfGame(row)).toMatchObject({ size: 100, rows: 10, columns: 10, digitsPerRow: 1, digitsPerColumn: 1 });
    expect(toGame({ ...row, price_locked: false })).toMatchObject({ board_size: 100, board_rows: 10, board_columns: 10, squares_available: 100 });
  });

  it('stores 5 x 10 and 5 x 5, and refuses a dimension that is no board', async () => {
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    const game = (rows: number, columns: number) => ({
      id: randomUUID(),
      title: `${rows} x ${columns}`,
      team_a: 'A',
      team_b: 'B',
      game_type: 'nfl',
      price_per_square_cents: 1000,
      payout_schedule: 'even',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      board_rows: rows,
      board_columns: columns,
    });
    await t.handle.db
      .insertInto('games')
      .values([game(5, 10), game(5, 5)])
      .execute();
    const rows = await t.handle.db.selectFrom('games').select(['board_rows', 'board_columns']).orderBy('board_columns').execute();
    expect(rows.map(shapeOfGame).map((shape) => shape.size)).toEqual([25, 50]);
    await expect(t.handle.db.insertInto('games').values(game(7, 10)).execute()).rejects.toThrow();
  });
});
