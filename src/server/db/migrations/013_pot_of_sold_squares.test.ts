import { randomUUID } from 'node:crypto';
import type { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';

describe(`migration 013: the pot of an organizer-collects game counts every sold square (D47, ${testDbKind})`, () => {
  let t: TestDatabase;
  let migrator: Migrator;
  beforeEach(async () => {
    t = await createTestDatabase();
    migrator = await olderDatabase(t, '010_board_tools');
  });
  afterEach(() => t.cleanup());

  const sqlite = () => t.handle.kind === 'sqlite';
  const bool = (value: boolean) => (sqlite() ? (value ? 1 : 0) : value);
  const at = () => (sqlite() ? new Date().toISOString() : new Date());

  async function user(): Promise<string> {
    const id = randomUUID();
    await t.handle.raw
      .insertInto('user')
      .values({ id, email: `${id}@example.com`, name: 'p', emailVerified: bool(true), createdAt: at(), updatedAt: at(), username: `p${id.slice(0, 8)}` })
      .execute();
    return id;
  }

  /** A drawn game as the app kept it before D47: the pot counted paid squares only. */
  async function game(method: 'card' | 'organizer', owner: string, paid: boolean[]): Promise<string> {
    const id = randomUUID();
    const potBefore = paid.filter(Boolean).length * 3000;
    await t.handle.raw
      .insertInto('games')
      .values({
        id,
        title: `${method} pool`,
        team_a: 'A',
        team_b: 'B',
        game_type: 'nfl',
        price_per_square_cents: 3000,
        payout_schedule: 'even',
        total_pot_cents: potBefore,
        squares_claimed: paid.length,
        grid_shuffled: bool(true),
        payment_method: method,
        created_at: at(),
        updated_at: at(),
      })
      .execute();
    await t.handle.raw
      .insertInto('squares')
      .values(
        paid.map((isPaid, i) => ({
          id: randomUUID(),
          game_id: id,
          x: Math.floor(i / 10),
          y: i % 10,
          user_id: owner,
          status: 'claimed',
          claimed_at: at(),
          is_paid: bool(isPaid),
        })),
      )
      .execute();
    for (const [quarter, status] of [
      [1, 'completed'],
      [2, 'pending'],
    ] as const) {
      await t.handle.raw
        .insertInto('game_winners')
        .values({
          id: randomUUID(),
          game_id: id,
          quarter,
          user_id: owner,
          square_x: 0,
          square_y: 0,
          winning_numbers_x: 0,
          winning_numbers_y: 0,
          payout_amount_cents: Math.floor(potBefore / 4),
          payout_status: status,
          created_at: at(),
          updated_at: at(),
        })
        .execute();
    }
    return id;
  }

  it('gives organizer games the pot of their sold squares and what was collected; a waiting payout its share, a made one stays; card games keep theirs', async () => {
    const owner = await user();
    // 29 paid and 1 unpaid square at $30: the pot was $870, it is $900.
    const organizer = await game('organizer', owner, [...Array.from({ length: 29 }, () => true), false]);
    const card = await game('card', owner, [true, true]);
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;

    const games = async (id: string) =>
      t.handle.raw.selectFrom('games').select(['total_pot_cents', 'collected_cents', 'squares_claimed']).where('id', '=', id).executeTakeFirstOrThrow();
    const payouts = async (id: string) =>
      (await t.handle.raw.selectFrom('game_winners').select(['period', 'payout_amount_cents']).where('game_id', '=', id).orderBy('period').execute()).map(
        (row) => [Number(row.period), Number(row.payout_amount_cents)],
      );
    expect(await games(organizer)).toMatchObject({ total_pot_cents: 90000, collected_cents: 87000, squares_claimed: 30 });
    expect(await payouts(organizer)).toEqual([
      [1, 21750],
      [2, 22500],
    ]);
    expect(await games(card)).toMatchObject({ total_pot_cents: 6000, collected_cents: 6000 });
    expect(await payouts(card)).toEqual([
      [1, 1500],
      [2, 1500],
    ]);
  });
});
