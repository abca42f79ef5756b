import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';

describe(`migration 017: payout rules (D34, ${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  it('existing games keep their schedule, the house rule and no custom shares; an unbought rule other than house or roll is refused', async () => {
    const migrator = await olderDatabase(t, '014_mail_queue');
    const sqlite = t.handle.kind === 'sqlite';
    const at = sqlite ? new Date().toISOString() : new Date();
    const values = (schedule: string) => ({
      id: randomUUID(),
      title: 'Old pool',
      team_a: 'A',
      team_b: 'B',
      game_type: 'nfl',
      price_per_square_cents: 1000,
      payout_schedule: schedule,
      created_at: at,
      updated_at: at,
    });
    const even = values('even');
    const heavy = values('final-heavy');
    await t.handle.raw.insertInto('games').values([even, heavy]).execute();
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const rows = await t.handle.raw
      .selectFrom('games')
      .select(['id', 'payout_schedule', 'payout_shares', 'organizer_percent', 'organizer_label', 'unbought_rule'])
      .orderBy('payout_schedule')
      .execute();
    expect(rows).toEqual([
      { id: even.id, payout_schedule: 'even', payout_shares: null, organizer_percent: null, organizer_label: 'Organizer', unbought_rule: 'house' },
      { id: heavy.id, payout_schedule: 'final-heavy', payout_shares: null, organizer_percent: null, organizer_label: 'Organizer', unbought_rule: 'house' },
    ]);
    await expect(t.handle.raw.updateTable('games').set({ unbought_rule: 'charity' }).where('id', '=', even.id).execute()).rejects.toThrow();
  });
});
