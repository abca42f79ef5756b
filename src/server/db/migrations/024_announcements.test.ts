import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';
import { migrations } from './index';
import { allowActivityActions, quotedNames } from './activity-actions';

describe(`migration 024: announcements (D40, ${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  it("reads the names of both databases' check texts", () => {
    expect(quotedNames(`action in ('bought', 'sales_closed')`)).toEqual(['bought', 'sales_closed']);
    expect(quotedNames(`CHECK ((action = ANY (ARRAY['bought'::text, 'sales_closed'::text])))`)).toEqual(['bought', 'sales_closed']);
  });

  it("keeps the log's entries and every action allowed before (one added by a migration it does not know too), adds its own", async () => {
    const kind = t.handle.kind;
    // Another branch's migration between 021 and 024 that allowed an action of its own.
    const known = {
      ...migrations(kind),
      '022_other': { up: (db: Parameters<typeof allowActivityActions>[0]) => allowActivityActions(db, kind, ['score_entered']) },
    };
    const migrator = await olderDatabase(t, '021_kickoff', known);
    const raw = t.handle.raw;
    const at = kind === 'sqlite' ? new Date().toISOString() : new Date();
    const gameId = randomUUID();
    await raw
      .insertInto('games')
      .values({
        id: gameId,
        title: 'Old pool',
        team_a: 'A',
        team_b: 'B',
        game_type: 'nfl',
        price_per_square_cents: 1000,
        payout_schedule: 'even',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const entry = (action: string) => ({ id: randomUUID(), game_id: gameId, created_at: at, seq: 0, action, squares: '[]' });
    const old = entry('sales_closed');
    await raw.insertInto('game_activity').values(old).execute();

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();

    expect(await raw.selectFrom('game_activity').select(['id', 'action']).execute()).toEqual([{ id: old.id, action: 'sales_closed' }]);
    for (const action of ['score_entered', 'announced', 'announcement_deleted', 'bought'])
      await raw.insertInto('game_activity').values(entry(action)).execute();
    await expect(raw.insertInto('game_activity').values(entry('nope')).execute()).rejects.toThrow();

    // The log's indexes are there after SQLite's rebuild (and untouched on PostgreSQL).
    const indexes =
      kind === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'game_activity' and sql is not null`.execute(raw))
            .rows
        : (
            await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'game_activity' and schemaname = current_schema()`.execute(
              raw,
            )
          ).rows;
    expect(indexes.map((row) => row.name)).toEqual(expect.arrayContaining(['game_activity_game_idx', 'game_activity_subject_idx']));

    // Announcements go with their game.
    await raw.insertInto('announcements').values({ id: randomUUID(), game_id: gameId, body: 'Hi', created_at: at }).execute();
    expect(await raw.selectFrom('announcements').select('mailed_count').execute()).toEqual([{ mailed_count: 0 }]);
    await raw.deleteFrom('games').where('id', '=', gameId).execute();
    expect(await raw.selectFrom('announcements').selectAll().execute()).toEqual([]);
  });
});
