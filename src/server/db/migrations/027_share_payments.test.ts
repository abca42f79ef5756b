import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';

describe(`migration 027: the organizer share's payments (D23, D34, ${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  it("keeps a game and its log from before, allows 'share_paid', and its payments go with the game", async () => {
    const migrator = await olderDatabase(t, '026_mail_privacy');
    const raw = t.handle.raw;
    const at = t.handle.kind === 'sqlite' ? new Date().toISOString() : new Date();
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
        payout_schedule: 'organizer-20',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const entry = (action: string) => ({ id: randomUUID(), game_id: gameId, created_at: at, seq: 0, action, squares: '[]' });
    const old = entry('score_entered');
    await raw.insertInto('game_activity').values(old).execute();
    await expect(raw.insertInto('game_activity').values(entry('share_paid')).execute()).rejects.toThrow();

    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();

    expect(await raw.selectFrom('game_activity').select(['id', 'action']).execute()).toEqual([{ id: old.id, action: 'score_entered' }]);
    for (const action of ['share_paid', 'announced', 'bought']) await raw.insertInto('game_activity').values(entry(action)).execute();
    await expect(raw.insertInto('game_activity').values(entry('nope')).execute()).rejects.toThrow();

    await raw
      .insertInto('share_payments')
      .values({ id: randomUUID(), game_id: gameId, amount_cents: 2_000, reference: null, paid_by: null, paid_at: at })
      .execute();
    expect(await raw.selectFrom('share_payments').select(['amount_cents', 'reference']).execute()).toEqual([{ amount_cents: 2_000, reference: null }]);
    await raw.deleteFrom('games').where('id', '=', gameId).execute();
    expect(await raw.selectFrom('share_payments').selectAll().execute()).toEqual([]);
  });
});
