/**
 * Upgrades keep the data (issue 24): a database made by an older version, from the first
 * migration on, holding what that version wrote (accounts, a drawn card game with paid orders, a
 * quarter paid out and one waiting, an open game), is migrated to today's schema, and today's API
 * serves all of it as it was.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SECRET } from '../../../../tests/support/app';
import { expectCountersMatch } from '../../../../tests/support/checkout';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';
import { ok } from '../../../../tests/support/request';
import { sessionRow, userRow } from '../../../../tests/support/session-rows';
import { parseSettings } from '../../config';
import { migrate } from '../migrate';
import { migrations } from './index';

const ALL = Object.keys(migrations('sqlite'));
const X_AXIS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const Y_AXIS = [7, 8, 9, 0, 1, 2, 3, 4, 5, 6];

describe(`a database made by an older version upgrades with its data intact (${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  interface Person {
    id: string;
    username: string;
    cookie: string;
  }

  /** Rows as the app wrote them at migration 001 (every later migration keeps these columns). */
  async function eraData(last: string) {
    const kind = t.handle.kind;
    const db = t.handle.raw;
    const flag = (v: boolean) => (kind === 'sqlite' ? Number(v) : v);
    const at = (minute: number) => new Date(Date.UTC(2025, 8, 7, 17, minute)).toISOString();
    const person = async (username: string, isAdmin = false): Promise<Person> => {
      const id = randomUUID();
      await db
        .insertInto('user')
        .values(userRow(kind, { id, email: `${username}@example.com`, username, isAdmin }))
        .execute();
      const session = sessionRow(kind, id, TEST_SECRET);
      await db.insertInto('session').values(session.row).execute();
      return { id, username, cookie: session.cookie };
    };
    const admin = await person('organizer', true);
    const alice = await person('alice');
    const bob = await person('bob');

    const drawn = randomUUID();
    const open = randomUUID();
    for (const [id, title, shuffled] of [
      [drawn, 'Era Bowl', true],
      [open, 'Open Bowl', false],
    ] as const) {
      await sql`insert into games (id, title, team_a, team_b, game_type, price_per_square_cents, payout_schedule, total_pot_cents,
                  squares_claimed, is_active, grid_shuffled, numbers_revealed, manual_numbers_set, created_by, created_at, updated_at)
                values (${id}, ${title}, 'Chiefs', 'Eagles', 'nfl', 1000, 'even', ${shuffled ? 3000 : 0}, ${shuffled ? 3 : 0},
                  ${flag(true)}, ${flag(shuffled)}, ${flag(shuffled)}, ${flag(false)}, ${admin.id}, ${at(0)}, ${at(1)})`.execute(db);
    }
    const orders = [
      {
        buyer: alice,
        squares: [
          [0, 0],
          [0, 1],
        ] as const,
        minute: 2,
      },
      { buyer: bob, squares: [[5, 5]] as const, minute: 3 },
    ];
    for (const order of orders) {
      const checkoutId = randomUUID();
      const amount = order.squares.length * 1000;
      await sql`insert into checkouts (id, user_id, status, provider, provider_session_id, amount_cents, description, notes, expires_at,
                  hold_until, created_at, updated_at, paid_at, fulfilled_at)
                values (${checkoutId}, ${order.buyer.id}, 'fulfilled', 'test', ${`cs_${checkoutId}`}, ${amount}, 'Era Bowl', 'cash at the door',
                  ${at(order.minute + 30)}, ${at(order.minute + 30)}, ${at(order.minute)}, ${at(order.minute)}, ${at(order.minute)}, ${at(order.minute)})`.execute(
        db,
      );
      for (const [x, y] of order.squares) {
        await sql`insert into checkout_items (checkout_id, game_id, game_title, x, y, price_cents) values (${checkoutId}, ${drawn}, 'Era Bowl', ${x}, ${y}, 1000)`.execute(
          db,
        );
        await sql`insert into squares (id, game_id, x, y, user_id, status, checkout_id, claimed_at)
                  values (${randomUUID()}, ${drawn}, ${x}, ${y}, ${order.buyer.id}, 'claimed', ${checkoutId}, ${at(order.minute)})`.execute(db);
      }
    }
    // From 013 on, the app itself keeps what was collected beside the pot (013 computed it for older rows).
    if (last >= '013') await sql`update games set collected_cents = total_pot_cents`.execute(db);
    await sql`insert into game_grid_numbers (game_id, x_axis_numbers, y_axis_numbers, generated_at, generated_by)
              values (${drawn}, ${JSON.stringify(X_AXIS)}, ${JSON.stringify(Y_AXIS)}, ${at(10)}, ${admin.id})`.execute(db);
    await sql`insert into grid_draws (id, game_id, action, x_axis_numbers, y_axis_numbers, admin_user_id, created_at)
              values (${randomUUID()}, ${drawn}, 'drawn', ${JSON.stringify(X_AXIS)}, ${JSON.stringify(Y_AXIS)}, ${admin.id}, ${at(10)})`.execute(db);
    // Q1 10-7 lands on (0, 0), Alice's, paid out; Q2 15-12 on (5, 5), Bob's, waiting.
    const periods = [
      { period: 1, a: 10, b: 7, x: 0, y: 0, winner: alice, status: 'completed' },
      { period: 2, a: 15, b: 12, x: 5, y: 5, winner: bob, status: 'pending' },
    ];
    for (const q of periods) {
      const minute = 20 + q.period;
      await sql`insert into quarter_scores (game_id, quarter, team_a_score, team_b_score, team_a_last_digit, team_b_last_digit, entered_by, entered_at)
                values (${drawn}, ${q.period}, ${q.a}, ${q.b}, ${q.a % 10}, ${q.b % 10}, ${admin.id}, ${at(minute)})`.execute(db);
      const square = await sql<{ id: string }>`select id from squares where game_id = ${drawn} and x = ${q.x} and y = ${q.y}`.execute(db);
      const paid = q.status === 'completed';
      await sql`insert into game_winners (id, game_id, quarter, winning_square_id, user_id, square_x, square_y, winning_numbers_x, winning_numbers_y,
                  payout_amount_cents, payout_status, payout_provider, payout_reference, admin_user_id, paid_by, paid_at, created_at, updated_at)
                values (${randomUUID()}, ${drawn}, ${q.period}, ${square.rows[0]!.id}, ${q.winner.id}, ${q.x}, ${q.y}, ${q.a % 10}, ${q.b % 10},
                  750, ${q.status}, 'manual', ${paid ? 'venmo 1234' : null}, ${admin.id}, ${paid ? admin.id : null}, ${paid ? at(minute) : null},
                  ${at(minute)}, ${at(minute)})`.execute(db);
    }
    return { admin, alice, bob, drawn, open };
  }

  // From the first migration and from every later one: the same rows, the same answers.
  it.each(ALL.slice(0, -1))('from a database at %s', async (last) => {
    await olderDatabase(t, last);
    const { admin, alice, bob, drawn, open } = await eraData(last);

    const report = await migrate(t.handle, parseSettings({ NODE_ENV: 'test' }), TEST_SECRET);
    expect(report.applied).toEqual(ALL.slice(ALL.indexOf(last) + 1));

    const { app, close } = await createTestApp({ database: t });
    try {
      const listed = await ok<{ games: { id: string; title: string }[] }>(app, 'GET', '/api/games', undefined);
      expect(listed.games.map((g) => g.title).sort()).toEqual(['Era Bowl', 'Open Bowl']);

      const board = await ok<any>(app, 'GET', `/api/games/${drawn}/board`, alice.cookie);
      expect(board.game).toMatchObject({
        title: 'Era Bowl',
        price_per_square_cents: 1000,
        total_pot_cents: 3000,
        collected_cents: 3000,
        squares_claimed: 3,
        grid_shuffled: true,
        numbers_revealed: true,
        payment_method: 'card',
        visibility: 'public',
      });
      expect(board.squares.map((s: any) => [s.x, s.y, s.owner_username, s.mine, s.unpaid])).toEqual([
        [0, 0, 'alice', true, false],
        [0, 1, 'alice', true, false],
        [5, 5, 'bob', false, false],
      ]);
      expect(board.numbers).toMatchObject({ x_axis_numbers: X_AXIS, y_axis_numbers: Y_AXIS });
      expect(board.winners.map((w: any) => [w.period, w.square_x, w.square_y, w.winner_username, w.payout_amount_cents, w.payout_status])).toEqual([
        [1, 0, 0, 'alice', 750, 'completed'],
        [2, 5, 5, 'bob', 750, 'pending'],
      ]);
      expect(board.draws.map((d: any) => d.action)).toEqual(['drawn']);
      expect(board.owing).toBeNull();

      const mine = await ok<any>(app, 'GET', '/api/me/squares', alice.cookie);
      expect(mine.games.map((g: any) => [g.title, g.squares.map((s: any) => [s.x, s.y])])).toEqual([
        [
          'Era Bowl',
          [
            [0, 0],
            [0, 1],
          ],
        ],
      ]);
      expect(await ok<any>(app, 'GET', '/api/me/winnings', alice.cookie)).toMatchObject({
        total_cents: 750,
        games: [{ wins: [{ period: 1, badge: 'Paid' }] }],
      });
      expect(await ok<any>(app, 'GET', '/api/me/winnings', bob.cookie)).toMatchObject({
        total_cents: 750,
        games: [{ wins: [{ period: 2, badge: 'Pending' }] }],
      });

      const { orders } = await ok<any>(app, 'GET', `/api/admin/games/${drawn}/orders`, admin.cookie);
      expect(orders.map((o: any) => [o.buyer_username, o.status, o.method, o.amount_cents, o.notes])).toEqual([
        ['bob', 'paid', 'card', 1000, 'cash at the door'],
        ['alice', 'paid', 'card', 2000, 'cash at the door'],
      ]);

      const openGame = await ok<any>(app, 'GET', `/api/games/${open}`, undefined);
      expect(openGame.game).toMatchObject({ title: 'Open Bowl', squares_claimed: 0, total_pot_cents: 0, grid_shuffled: false, price_locked: false });
      await expectCountersMatch(t.handle, drawn);
    } finally {
      await close();
    }
  });
});
