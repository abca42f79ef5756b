import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { insertGame, insertUser, winnerRow } from '../../../tests/support/fixtures';
import { parseSettings } from '../config';
import { migrate } from './migrate';

const SECRET = 'x'.repeat(40);
const settings = parseSettings({ NODE_ENV: 'test' });
const now = () => new Date().toISOString();

describe(`migrations and schema rules (${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
    await migrate(t.handle, settings, SECRET);
  });
  afterEach(() => t.cleanup());

  it('migrates once; running it again changes nothing', async () => {
    const again = await migrate(t.handle, settings, SECRET);
    expect(again).toEqual({ authChanges: 0, applied: [] });
    const tables = await t.handle.raw.introspection.getTables();
    const names = tables.map((x) => x.name);
    for (const table of ['user', 'session', 'games', 'squares', 'checkouts', 'game_grid_numbers', 'period_scores', 'game_winners', 'grid_draws']) {
      expect(names).toContain(table);
    }
  });

  it('reads booleans as booleans and timestamps as ISO strings on both databases', async () => {
    const id = await insertGame(t.handle);
    const game = await t.handle.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(game.is_active).toBe(true);
    expect(game.grid_shuffled).toBe(false);
    expect(game.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await t.handle.db.updateTable('games').set({ is_active: false }).where('id', '=', id).execute();
    const closed = await t.handle.db.selectFrom('games').select('is_active').where('id', '=', id).executeTakeFirstOrThrow();
    expect(closed.is_active).toBe(false);
  });

  it('keeps at most one hold or owner per square (D21)', async () => {
    const user = await insertUser(t.handle);
    const gameId = await insertGame(t.handle);
    const square = (id: string) => ({
      id,
      game_id: gameId,
      x: 3,
      y: 7,
      user_id: user.id,
      status: 'claimed' as const,
      checkout_id: null,
      hold_expires_at: null,
      claimed_at: now(),
    });
    await t.handle.db.insertInto('squares').values(square(randomUUID())).execute();
    await expect(t.handle.db.insertInto('squares').values(square(randomUUID())).execute()).rejects.toThrow(/unique|UNIQUE/);
    await expect(
      t.handle.db
        .insertInto('squares')
        .values({ ...square(randomUUID()), x: 10 })
        .execute(),
    ).rejects.toThrow(/check|CHECK/i);
  });

  it('records one winner per quarter', async () => {
    const gameId = await insertGame(t.handle);
    const winner = () => winnerRow(gameId, { period: 1, square: { x: 0, y: 0, userId: null }, digits: [4, 7], payoutStatus: 'completed' });
    await t.handle.db.insertInto('game_winners').values(winner()).execute();
    await expect(t.handle.db.insertInto('game_winners').values(winner()).execute()).rejects.toThrow(/unique|UNIQUE/);
  });

  it('refuses prices that are not whole dollars from $1 to $10,000', async () => {
    await expect(insertGame(t.handle, { price_per_square_cents: 1050 })).rejects.toThrow(/check|CHECK/i);
    await expect(insertGame(t.handle, { price_per_square_cents: 1_000_100 })).rejects.toThrow(/check|CHECK/i);
    await expect(insertGame(t.handle, { price_per_square_cents: 1_000_000 })).resolves.toBeTypeOf('string');
  });

  it('deleting a game removes its squares and numbers but keeps what was paid for (D13)', async () => {
    const user = await insertUser(t.handle);
    const gameId = await insertGame(t.handle);
    const checkoutId = randomUUID();
    await t.handle.db
      .insertInto('checkouts')
      .values({
        id: checkoutId,
        user_id: user.id,
        status: 'fulfilled',
        provider: 'test',
        provider_session_id: null,
        amount_cents: 1000,
        description: 'Test Bowl: 1 square',
        notes: null,
        expires_at: now(),
        hold_until: now(),
        created_at: now(),
        updated_at: now(),
        paid_at: now(),
        fulfilled_at: now(),
        refunded_at: null,
        refund_reason: null,
      })
      .execute();
    await t.handle.db
      .insertInto('checkout_items')
      .values({ checkout_id: checkoutId, game_id: gameId, game_title: 'Test Bowl', x: 1, y: 2, price_cents: 1000 })
      .execute();
    await t.handle.db
      .insertInto('squares')
      .values({
        id: randomUUID(),
        game_id: gameId,
        x: 1,
        y: 2,
        user_id: user.id,
        status: 'claimed',
        checkout_id: checkoutId,
        hold_expires_at: null,
        claimed_at: now(),
      })
      .execute();
    await t.handle.db
      .insertInto('game_grid_numbers')
      .values({ game_id: gameId, x_axis_numbers: '[0,1,2,3,4,5,6,7,8,9]', y_axis_numbers: '[9,8,7,6,5,4,3,2,1,0]', generated_at: now(), generated_by: user.id })
      .execute();

    await t.handle.db.deleteFrom('games').where('id', '=', gameId).execute();

    expect(await t.handle.db.selectFrom('squares').selectAll().execute()).toEqual([]);
    expect(await t.handle.db.selectFrom('game_grid_numbers').selectAll().execute()).toEqual([]);
    expect(await t.handle.db.selectFrom('checkout_items').select('game_title').execute()).toEqual([{ game_title: 'Test Bowl' }]);
  });
});
