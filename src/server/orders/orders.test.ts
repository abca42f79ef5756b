import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ERRORS } from '@core/messages';
import type { GameOrdersResponse } from '@core/api/orders';
import { orderFullyPaid, orderStatusLabel } from '@core/orders';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { organizerGame } from '../../../tests/support/games';
import { send } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';

const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } };
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: "You don't have permission to access this page." } };
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: GAME_ERRORS.notFound } };

const url = (gameId: string) => `/api/admin/games/${gameId}/orders`;

describe(`GET /api/admin/games/:id/orders (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;
  let amy: TestAccount;
  let ben: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    player = await testAccount(t, { prefix: 'player' });
    amy = await testAccount(t, { prefix: 'amy' });
    ben = await testAccount(t, { prefix: 'ben' });
  });
  afterAll(() => t.close());

  /** A checkout through the real API; paid through the test card page unless `pay` is false. */
  async function order(buyer: TestAccount, items: { gameId: string; title: string; squares: { x: number; y: number }[] }[], notes?: string, pay = true) {
    const res = await startCheckout(
      t.app,
      buyer,
      items.map((item) => cartOf(item.gameId, item.squares, 10, item.title)),
      notes,
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { checkout_id: string | null; reservation: { order_id: string } | null };
    const checkoutId = created.checkout_id ?? created.reservation!.order_id;
    if (pay) {
      const paid = await payWith(t.app, buyer, await sessionIdOf(t.db.handle, checkoutId));
      expect(paid.statusCode, paid.body).toBe(200);
    }
    return checkoutId;
  }

  /** A checkout in a state the real flow takes time to reach (refunded, expired...), written directly. */
  async function storedCheckout(
    buyer: TestAccount,
    gameId: string,
    status: string,
    squares: { x: number; y: number }[],
    notes: string | null,
    createdAt: string,
  ) {
    const id = randomUUID();
    await t.db.handle.db
      .insertInto('checkouts')
      .values({
        id,
        user_id: buyer.id,
        status,
        provider: 'test',
        provider_session_id: null,
        amount_cents: squares.length * 1000,
        description: 'x',
        notes,
        expires_at: createdAt,
        hold_until: createdAt,
        created_at: createdAt,
        updated_at: createdAt,
        paid_at: null,
        fulfilled_at: null,
        refunded_at: status === 'refunded' ? createdAt : null,
        refund_reason: status === 'refunded' ? 'Some of your squares were taken before your payment arrived.' : null,
      })
      .execute();
    await t.db.handle.db
      .insertInto('checkout_items')
      .values(squares.map(({ x, y }) => ({ checkout_id: id, game_id: gameId, game_title: 'x', x, y, price_cents: 1000 })))
      .execute();
    return id;
  }

  async function ordersOf(gameId: string): Promise<GameOrdersResponse> {
    const res = await send(t.app, 'GET', url(gameId), { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as GameOrdersResponse;
  }

  it('answers 401 to visitors and 403 to players before anything about the game, and tells nothing', async () => {
    const gameId = await insertGame(t.db.handle, { title: 'Secret Notes Bowl' });
    await order(amy, [{ gameId, title: 'Secret Notes Bowl', squares: [{ x: 0, y: 0 }] }], 'my phone is 555-0100');
    for (const id of [gameId, randomUUID(), 'not-a-uuid']) {
      const visitor = await send(t.app, 'GET', url(id));
      expect(visitor.statusCode, id).toBe(401);
      expect(visitor.json()).toEqual(UNAUTHORIZED);
      // A player, the buyer included, sees no one's notes here.
      for (const cookie of [player.cookie, amy.cookie]) {
        const res = await send(t.app, 'GET', url(id), { cookie });
        expect(res.statusCode, id).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
        expect(res.body).not.toContain('555-0100');
      }
    }
  });

  it('answers 404 to an admin for a game that does not exist or an id that is not a UUID', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await send(t.app, 'GET', url(id), { cookie: admin.cookie });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('lists the game’s orders newest first: buyer, squares in (x, y) order, this game’s amount, status and notes', async () => {
    const gameId = await insertGame(t.db.handle, { title: 'Notes Bowl', price_per_square_cents: 1000 });
    const other = await insertGame(t.db.handle, { title: 'Other Bowl', price_per_square_cents: 1000 });

    // Older stored orders: a refunded one (listed), an expired and a cancelled one (nothing bought: left out).
    const refunded = await storedCheckout(ben, gameId, 'refunded', [{ x: 9, y: 9 }], 'sorry, wrong squares', '2026-01-01T10:00:00.000Z');
    await storedCheckout(ben, gameId, 'expired', [{ x: 8, y: 8 }], 'never paid', '2026-01-01T11:00:00.000Z');
    await storedCheckout(ben, gameId, 'cancelled', [{ x: 7, y: 7 }], 'changed my mind', '2026-01-01T12:00:00.000Z');

    // Amy pays for squares in two games at once, with a note; only this game's part is listed here.
    const amyPaid = await order(
      amy,
      [
        {
          gameId,
          title: 'Notes Bowl',
          squares: [
            { x: 4, y: 8 },
            { x: 0, y: 2 },
          ],
        },
        { gameId: other, title: 'Other Bowl', squares: [{ x: 1, y: 1 }] },
      ],
      'Table 4, paying for my brother too',
    );
    // Ben's open checkout (waiting for payment, holds live), without a note.
    const benOpen = await order(ben, [{ gameId, title: 'Notes Bowl', squares: [{ x: 5, y: 5 }] }], undefined, false);

    // Amy's order a day after the stored ones, Ben's today: the order of the list is known.
    await t.db.handle.db.updateTable('checkouts').set({ created_at: '2026-01-02T10:00:00.000Z' }).where('id', '=', amyPaid).execute();

    const { orders } = await ordersOf(gameId);
    const created = (id: string) => orders.find((o) => o.checkout_id === id)?.created_at;
    expect(orders).toEqual([
      {
        checkout_id: benOpen,
        status: 'open',
        method: 'card',
        buyer_username: ben.username,
        buyer_no_account: false,
        buyer_email: ben.email,
        squares: [{ x: 5, y: 5 }],
        squares_paid: 0,
        squares_released: 0,
        amount_cents: 1000,
        notes: null,
        created_at: created(benOpen),
      },
      {
        checkout_id: amyPaid,
        status: 'paid',
        method: 'card',
        buyer_username: amy.username,
        buyer_no_account: false,
        buyer_email: amy.email,
        squares: [
          { x: 0, y: 2 },
          { x: 4, y: 8 },
        ],
        squares_paid: 2,
        squares_released: 0,
        amount_cents: 2000,
        notes: 'Table 4, paying for my brother too',
        created_at: '2026-01-02T10:00:00.000Z',
      },
      {
        checkout_id: refunded,
        status: 'refunded',
        method: 'card',
        buyer_username: ben.username,
        buyer_no_account: false,
        buyer_email: ben.email,
        squares: [{ x: 9, y: 9 }],
        squares_paid: 0,
        squares_released: 0,
        amount_cents: 1000,
        notes: 'sorry, wrong squares',
        created_at: '2026-01-01T10:00:00.000Z',
      },
    ]);

    // The other game lists Amy's order with its own part only.
    const inOther = (await ordersOf(other)).orders;
    expect(inOther.map((o) => [o.checkout_id, o.squares, o.amount_cents])).toEqual([[amyPaid, [{ x: 1, y: 1 }], 1000]]);

    // An open checkout whose holds ran out is no longer an order.
    await t.db.handle.db.updateTable('checkouts').set({ hold_until: '2026-01-01T00:00:00.000Z' }).where('id', '=', benOpen).execute();
    expect((await ordersOf(gameId)).orders.map((o) => o.checkout_id)).toEqual([amyPaid, refunded]);
  });

  it('an organizer-collects order says how much of it the organizer has been paid, in the words every page uses (D49)', async () => {
    const game = await organizerGame(t.app, admin.cookie);
    const id = await order(
      amy,
      [
        {
          gameId: game.id,
          title: game.title,
          squares: [
            { x: 1, y: 1 },
            { x: 1, y: 2 },
            { x: 1, y: 3 },
          ],
        },
      ],
      undefined,
      false,
    );
    const label = async () => {
      const found = (await ordersOf(game.id)).orders.find((o) => o.checkout_id === id)!;
      return { status: found.status, label: orderStatusLabel(found), paid: orderFullyPaid(found) };
    };
    expect(await label()).toEqual({ status: 'reserved', label: 'Reserved, unpaid', paid: false });

    const tool = (action: string, payload: object) => send(t.app, 'POST', `/api/admin/games/${game.id}/squares/${action}`, { cookie: admin.cookie, payload });
    expect((await tool('mark-paid', { squares: [{ x: 1, y: 2 }] })).statusCode).toBe(200);
    expect(await label()).toEqual({ status: 'reserved', label: 'Reserved, 1 of 3 paid', paid: false });

    expect((await tool('release', { squares: [{ x: 1, y: 3 }] })).statusCode).toBe(200);
    expect(await label()).toEqual({ status: 'reserved', label: 'Reserved, 1 of 2 paid, 1 released', paid: false });

    expect((await tool('mark-paid', { user_id: amy.id })).statusCode).toBe(200);
    expect(await label()).toEqual({ status: 'reserved', label: 'Paid to the organizer, 1 released', paid: true });

    // The orders CSV says the same.
    const csv = await send(t.app, 'GET', `/api/admin/games/${game.id}/export/orders.csv`, { cookie: admin.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"Paid to the organizer, 1 released"');
  });

  it('is empty for a game without orders', async () => {
    const gameId = await insertGame(t.db.handle, { title: 'Quiet Bowl' });
    expect(await ordersOf(gameId)).toEqual({ orders: [] });
  });
});
