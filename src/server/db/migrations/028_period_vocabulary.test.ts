import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';

describe(`migration 028: periods, not quarters, in the tables (issue 34, ${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  it("keeps a game's scores, winners and log, under period; the rules on them still hold", async () => {
    const migrator = await olderDatabase(t, '027_share_payments');
    const raw = t.handle.raw;
    const at = t.handle.kind === 'sqlite' ? new Date().toISOString() : new Date();
    const gameId = randomUUID();
    await raw
      .insertInto('games')
      .values({ id: gameId, title: 'Old pool', team_a: 'A', team_b: 'B', game_type: 'nfl', price_per_square_cents: 1000, created_at: at, updated_at: at })
      .execute();
    await sql`insert into quarter_scores (game_id, quarter, team_a_score, team_b_score, team_a_last_digit, team_b_last_digit, entered_at)
              values (${gameId}, 2, 14, 7, 4, 7, ${at})`.execute(raw);
    const winnerId = randomUUID();
    await sql`insert into game_winners (id, game_id, quarter, square_x, square_y, winning_numbers_x, winning_numbers_y, payout_amount_cents, payout_status, created_at, updated_at)
              values (${winnerId}, ${gameId}, 2, 4, 7, 4, 7, 2500, 'pending', ${at}, ${at})`.execute(raw);
    const confirmed = {
      id: randomUUID(),
      game_id: gameId,
      created_at: at,
      seq: 1,
      action: 'confirmed',
      squares: '[]',
      detail: JSON.stringify({ quarter: 2, amount_cents: 2500 }),
    };
    const bought = {
      id: randomUUID(),
      game_id: gameId,
      created_at: at,
      seq: 0,
      action: 'bought',
      squares: '[]',
      detail: JSON.stringify({ amount_cents: 1000 }),
    };
    const plain = { id: randomUUID(), game_id: gameId, created_at: at, seq: 2, action: 'score_entered', squares: '[]', detail: null };
    await raw.insertInto('game_activity').values([confirmed, bought, plain]).execute();

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();

    expect(await raw.selectFrom('period_scores').select(['game_id', 'period', 'team_a_score', 'team_b_score']).execute()).toEqual([
      { game_id: gameId, period: 2, team_a_score: 14, team_b_score: 7 },
    ]);
    expect(await raw.selectFrom('game_winners').select(['id', 'period', 'payout_amount_cents']).execute()).toEqual([
      { id: winnerId, period: 2, payout_amount_cents: 2500 },
    ]);
    const details = await raw.selectFrom('game_activity').select(['id', 'detail']).orderBy('seq').execute();
    expect(details.map((row) => [row.id, row.detail === null ? null : JSON.parse(row.detail)])).toEqual([
      [bought.id, { amount_cents: 1000 }],
      [confirmed.id, { period: 2, amount_cents: 2500 }],
      [plain.id, null],
    ]);
    if (t.handle.kind === 'postgres') {
      const names = await sql<{
        conname: string;
      }>`select conname from pg_constraint where conrelid in ('period_scores'::regclass, 'game_winners'::regclass) order by conname`.execute(raw);
      expect(names.rows.map((row) => row.conname).filter((name) => /quarter|period/.test(name))).toEqual([
        'game_winners_one_per_period',
        'game_winners_period',
        'period_scores_entered_by_fkey',
        'period_scores_game_id_fkey',
        'period_scores_period',
        'period_scores_pk',
        'period_scores_range',
      ]);
    }
    if (t.handle.kind === 'postgres') {
      const indexes = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename in ('period_scores', 'game_winners') and indexname like '%quarter%'`.execute(raw);
      expect(indexes.rows).toEqual([]);
    }
    // The old names are gone, and the database still refuses a second winner or score for a period and a period beyond 4.
    await expect(sql`select quarter from game_winners`.execute(raw)).rejects.toThrow();
    await expect(sql`select 1 from quarter_scores`.execute(raw)).rejects.toThrow();
    await expect(
      sql`insert into period_scores (game_id, period, team_a_score, team_b_score, team_a_last_digit, team_b_last_digit, entered_at) values (${gameId}, 2, 1, 1, 1, 1, ${at})`.execute(
        raw,
      ),
    ).rejects.toThrow();
    await expect(
      sql`insert into period_scores (game_id, period, team_a_score, team_b_score, team_a_last_digit, team_b_last_digit, entered_at) values (${gameId}, 5, 1, 1, 1, 1, ${at})`.execute(
        raw,
      ),
    ).rejects.toThrow();
    await expect(
      sql`insert into game_winners (id, game_id, period, square_x, square_y, winning_numbers_x, winning_numbers_y, payout_amount_cents, payout_status, created_at, updated_at)
          values (${randomUUID()}, ${gameId}, 2, 1, 1, 1, 1, 0, 'pending', ${at}, ${at})`.execute(raw),
    ).rejects.toThrow();
  });
});
