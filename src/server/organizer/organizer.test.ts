import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { CheckoutCreated } from '@core/api/checkout';
import type { Game } from '@core/api/games';
import type { PaymentTracking, SquaresChanged } from '@core/api/organizer';
import { GAME_PRICE_LOCKED, ORGANIZER_PAYMENT_ERRORS, ORGANIZER_TOOL_ERRORS } from '@core/messages';
import { mailsTo, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, expectCountersMatch, gameRow, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertCheckout, insertGame, insertSquare } from '../../../tests/support/fixtures';
import { send } from '../../../tests/support/request';
import { cancelling } from '../checkout/cancel';
import type { CheckoutServiceDeps } from '../checkout/checkout.deps';
import { checkoutCreation } from '../checkout/create-checkout';
import { fulfillment } from '../checkout/fulfill';
import { GAME_DAY_TEXTS } from '../game-day/game-day.messages';
import { testPaymentsRepository } from '../payments/test-payments.repository';
import { testPaymentProvider } from '../payments/test-payment-provider';
import { memoryGameEvents } from '../realtime/memory-events';
import { systemClock } from '../service-deps';

const HOUR = 60 * 60 * 1000;
const INSTRUCTIONS = 'Venmo @coach-k with your squares in the note';

describe(`organizer-collects games (D28, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, alice, bob] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'alice' }), testAccount(t, { prefix: 'bob' })]);
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => send(t.app, method, url, { cookie: admin.cookie, payload });

  async function organizerGame(values: Record<string, unknown> = {}): Promise<Game> {
    const res = await asAdmin('POST', '/api/admin/games', {
      title: `Office Pool ${Math.random().toString(36).slice(2, 7)}`,
      team_a: 'Lions',
      team_b: 'Bears',
      price_per_square: 10,
      payment_method: 'organizer',
      payment_instructions: INSTRUCTIONS,
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { game: Game }).game;
  }

  async function reserve(buyer: TestAccount, game: Game, squares: { x: number; y: number }[], notes?: string): Promise<CheckoutCreated> {
    const res = await startCheckout(t.app, buyer, [cartOf(game.id, squares, 10, game.title)], notes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CheckoutCreated;
  }

  const squaresOf = (gameId: string) =>
    db().selectFrom('squares').select(['x', 'y', 'user_id', 'status', 'is_paid']).where('game_id', '=', gameId).orderBy('x').orderBy('y').execute();
  const board = async (gameId: string, cookie?: string) => (await send(t.app, 'GET', `/api/games/${gameId}/board`, { cookie })).json() as BoardResponse;
  const tool = (gameId: string, action: 'mark-paid' | 'mark-unpaid' | 'release', selection: unknown, cookie = admin.cookie) =>
    send(t.app, 'POST', `/api/admin/games/${gameId}/squares/${action}`, { cookie, payload: selection });

  describe('the game form', () => {
    it('creates an organizer-collects game with its instructions and pay-by time; the API sends them', async () => {
      const payBy = new Date(Date.now() + 48 * HOUR).toISOString();
      const game = await organizerGame({ pay_by: payBy, payment_instructions: `  ${INSTRUCTIONS}\n` });
      expect(game).toMatchObject({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS, pay_by: payBy });
      const listed = ((await send(t.app, 'GET', '/api/games')).json() as { games: Game[] }).games.find((g) => g.id === game.id);
      expect(listed).toMatchObject({ payment_method: 'organizer', payment_instructions: INSTRUCTIONS, pay_by: payBy });
    });

    it.each([
      [{ payment_method: 'cash' }, ORGANIZER_PAYMENT_ERRORS.methodInvalid],
      // Issue 23: an organizer-collects game says how to pay the organizer.
      [{ payment_instructions: undefined }, ORGANIZER_PAYMENT_ERRORS.instructionsRequired],
      [{ payment_instructions: null }, ORGANIZER_PAYMENT_ERRORS.instructionsRequired],
      [{ payment_instructions: '  \n ' }, ORGANIZER_PAYMENT_ERRORS.instructionsRequired],
      [{ payment_instructions: 'x'.repeat(501) }, ORGANIZER_PAYMENT_ERRORS.instructionsTooLong],
      [{ payment_instructions: 'Pay me\u202e now' }, ORGANIZER_PAYMENT_ERRORS.instructionsNotAllowed],
      [{ pay_by: 'tomorrow' }, ORGANIZER_PAYMENT_ERRORS.payByInvalid],
      [{ pay_by: '2030-01-01T10:00' }, ORGANIZER_PAYMENT_ERRORS.payByInvalid],
      [{ pay_by: new Date(Date.now() - HOUR).toISOString() }, ORGANIZER_PAYMENT_ERRORS.payByPast],
      [{ payment_method: 'card', pay_by: new Date(Date.now() + HOUR).toISOString() }, ORGANIZER_PAYMENT_ERRORS.payByCardGame],
    ])('refuses %j with 400 and its message, creating nothing', async (values, message) => {
      const before = await db().selectFrom('games').select('id').execute();
      const res = await asAdmin('POST', '/api/admin/games', {
        title: 'Bad Pool',
        team_a: 'A',
        team_b: 'B',
        price_per_square: 10,
        payment_method: 'organizer',
        payment_instructions: INSTRUCTIONS,
        ...values,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message).toBe(message);
      expect(await db().selectFrom('games').select('id').execute()).toHaveLength(before.length);
    });

    it('requires instructions of an edit that sets them or makes the game organizer-collects; an older game without them stays editable otherwise', async () => {
      const card = (await asAdmin('POST', '/api/admin/games', { title: 'Card Pool', team_a: 'A', team_b: 'B', price_per_square: 10 })).json() as { game: Game };
      const toOrganizer = await asAdmin('PATCH', `/api/admin/games/${card.game.id}`, { payment_method: 'organizer' });
      expect(toOrganizer.statusCode).toBe(400);
      expect((toOrganizer.json() as { error: { message: string } }).error.message).toBe(ORGANIZER_PAYMENT_ERRORS.instructionsRequired);
      const withThem = await asAdmin('PATCH', `/api/admin/games/${card.game.id}`, {
        payment_method: 'organizer',
        payment_instructions: 'Cash to Sam at the office by Friday',
      });
      expect(withThem.statusCode, withThem.body).toBe(200);
      const cleared = await asAdmin('PATCH', `/api/admin/games/${card.game.id}`, { payment_instructions: ' ' });
      expect(cleared.statusCode).toBe(400);
      expect((cleared.json() as { error: { message: string } }).error.message).toBe(ORGANIZER_PAYMENT_ERRORS.instructionsRequired);
      // A game made before the rule, without instructions: its title can still change; adding them works.
      await db().updateTable('games').set({ payment_instructions: null }).where('id', '=', card.game.id).execute();
      expect((await asAdmin('PATCH', `/api/admin/games/${card.game.id}`, { title: 'Older Pool' })).statusCode).toBe(200);
      const added = await asAdmin('PATCH', `/api/admin/games/${card.game.id}`, { payment_instructions: 'Venmo @coach-k' });
      expect((added.json() as { game: Game }).game.payment_instructions).toBe('Venmo @coach-k');
    });

    it('fixes the payment method once a square is sold; instructions and the pay-by time stay editable', async () => {
      const game = await organizerGame();
      const free = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { payment_method: 'card' });
      expect(free.statusCode, free.body).toBe(200);
      expect((free.json() as { game: Game }).game.payment_method).toBe('card');
      await asAdmin('PATCH', `/api/admin/games/${game.id}`, { payment_method: 'organizer' });
      await reserve(alice, game, [{ x: 0, y: 0 }]);
      const locked = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { payment_method: 'card' });
      expect(locked.statusCode).toBe(409);
      expect(locked.json()).toEqual({ error: { code: 'PAYMENT_METHOD_LOCKED', message: GAME_PRICE_LOCKED } });
      const payBy = new Date(Date.now() + 5 * HOUR).toISOString();
      const edited = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { payment_instructions: 'Cash to Pat', pay_by: payBy });
      expect((edited.json() as { game: Game }).game).toMatchObject({ payment_method: 'organizer', payment_instructions: 'Cash to Pat', pay_by: payBy });
    });
  });

  describe('reserving squares', () => {
    it("makes them the buyer's at once, unpaid, with no card page; the pot counts them, collected waits for the organizer", async () => {
      const game = await organizerGame();
      const created = await reserve(
        alice,
        game,
        [
          { x: 4, y: 8 },
          { x: 0, y: 1 },
        ],
        'Will pay Friday',
      );
      expect(created).toMatchObject({ checkout_id: null, url: null, expires_at: null, amount_cents: 0, game_id: game.id, reservation_error: null });
      expect(created.reservation).toMatchObject({
        amount_cents: 2000,
        games: [{ game_id: game.id, title: game.title, payment_instructions: INSTRUCTIONS, pay_by: null }],
      });
      expect(created.reservation!.squares.map(({ x, y }) => [x, y])).toEqual([
        [4, 8],
        [0, 1],
      ]);
      expect(await squaresOf(game.id)).toEqual([
        { x: 0, y: 1, user_id: alice.id, status: 'claimed', is_paid: false },
        { x: 4, y: 8, user_id: alice.id, status: 'claimed', is_paid: false },
      ]);
      expect(await gameRow(t.db.handle, game.id)).toMatchObject({ squares_claimed: 2, total_pot_cents: 2000, collected_cents: 0 });
      await expectCountersMatch(t.db.handle, game.id);
      const order = await db().selectFrom('checkouts').selectAll().where('id', '=', created.reservation!.order_id).executeTakeFirstOrThrow();
      expect(order).toMatchObject({
        user_id: alice.id,
        provider: 'organizer',
        status: 'fulfilled',
        amount_cents: 2000,
        notes: 'Will pay Friday',
        paid_at: null,
      });
    });

    it('shows unpaid squares as unpaid to their owner and to admins only', async () => {
      const game = await organizerGame();
      await reserve(alice, game, [{ x: 2, y: 2 }]);
      const unpaidFor = async (cookie?: string) => (await board(game.id, cookie)).squares.find((s) => s.x === 2 && s.y === 2)!.unpaid;
      expect(await unpaidFor(alice.cookie)).toBe(true);
      expect(await unpaidFor(admin.cookie)).toBe(true);
      expect(await unpaidFor(bob.cookie)).toBe(false);
      expect(await unpaidFor()).toBe(false);
    });

    it('refuses a square someone else owns, reserving none of the cart', async () => {
      const game = await organizerGame();
      await reserve(bob, game, [{ x: 5, y: 5 }]);
      const res = await startCheckout(t.app, alice, [
        cartOf(
          game.id,
          [
            { x: 5, y: 4 },
            { x: 5, y: 5 },
          ],
          10,
          game.title,
        ),
      ]);
      expect(res.statusCode).toBe(409);
      expect((res.json() as { error: { code: string } }).error.code).toBe('SQUARES_UNAVAILABLE');
      expect((await squaresOf(game.id)).map((s) => [s.x, s.y, s.user_id])).toEqual([[5, 5, bob.id]]);
    });

    it('pays a mixed cart in one go: the card part opens its page, the organizer part is reserved', async () => {
      const card = await insertGame(t.db.handle, { title: 'Card Bowl' });
      const game = await organizerGame();
      const res = await startCheckout(t.app, alice, [cartOf(card, [{ x: 1, y: 1 }], 10, 'Card Bowl'), cartOf(game.id, [{ x: 1, y: 1 }], 10, game.title)]);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as CheckoutCreated;
      expect(created).toMatchObject({ amount_cents: 1000, game_id: 'multiple', reservation_error: null });
      expect(created.url).toMatch(/\/checkout\/test\//);
      expect(created.reservation?.squares).toHaveLength(1);
      expect((await squaresOf(card))[0]).toMatchObject({ status: 'held', user_id: alice.id });
      expect((await squaresOf(game.id))[0]).toMatchObject({ status: 'claimed', is_paid: false, user_id: alice.id });
    });

    it('a mixed cart whose reservation is refused keeps its card part and says why', async () => {
      const card = await insertGame(t.db.handle, { title: 'Card Bowl Two' });
      const game = await organizerGame();
      await reserve(bob, game, [{ x: 3, y: 3 }]);
      const res = await startCheckout(t.app, alice, [cartOf(card, [{ x: 3, y: 3 }], 10, 'Card Bowl Two'), cartOf(game.id, [{ x: 3, y: 3 }], 10, game.title)]);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as CheckoutCreated;
      expect(created.url).not.toBeNull();
      expect(created.reservation).toBeNull();
      expect(created.reservation_error).toMatchObject({ code: 'SQUARES_UNAVAILABLE' });
      expect((await squaresOf(card))[0]).toMatchObject({ status: 'held', user_id: alice.id });
    });
  });

  describe('the organizer marks paid, unpaid, and releases', () => {
    it("marks one square, a player's squares, or all paid; collected follows, and back; the pot stays (D47)", async () => {
      const game = await organizerGame();
      await reserve(alice, game, [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
      ]);
      await reserve(bob, game, [{ x: 9, y: 9 }]);
      const one = await tool(game.id, 'mark-paid', { squares: [{ x: 0, y: 1 }] });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json() as SquaresChanged).toMatchObject({ changed: 1, game: { total_pot_cents: 3000, collected_cents: 1000, squares_claimed: 3 } });
      expect(((await tool(game.id, 'mark-paid', { user_id: alice.id })).json() as SquaresChanged).changed).toBe(1);
      expect((await tool(game.id, 'mark-paid', { all: true })).json() as SquaresChanged).toMatchObject({
        changed: 1,
        game: { total_pot_cents: 3000, collected_cents: 3000 },
      });
      // Again: nothing left to change.
      expect((await tool(game.id, 'mark-paid', { all: true })).json() as SquaresChanged).toMatchObject({
        changed: 0,
        game: { total_pot_cents: 3000, collected_cents: 3000 },
      });
      expect((await tool(game.id, 'mark-unpaid', { squares: [{ x: 9, y: 9 }] })).json() as SquaresChanged).toMatchObject({
        changed: 1,
        game: { total_pot_cents: 3000, collected_cents: 2000 },
      });
      await expectCountersMatch(t.db.handle, game.id);
      const tracking = (await asAdmin('GET', `/api/admin/games/${game.id}/payments`)).json() as PaymentTracking;
      expect(tracking.totals).toEqual({ squares: 3, unpaid_squares: 1, due_cents: 3000, paid_cents: 2000, unpaid_cents: 1000 });
      expect(tracking.players.map((p) => [p.username, p.due_cents, p.paid_cents, p.unpaid_cents])).toEqual([
        [bob.username, 1000, 0, 1000],
        [alice.username, 2000, 2000, 0],
      ]);
    });

    it("greets a released owner by the name the board shows them by (D48), their username's own case", async () => {
      const carol = await testAccount(t, { prefix: 'carol' });
      const shown = carol.username.toUpperCase();
      await t.db.handle.db.updateTable('user').set({ displayUsername: shown }).where('id', '=', carol.id).execute();
      const game = await organizerGame();
      await reserve(carol, game, [{ x: 5, y: 5 }]);
      const board = (await send(t.app, 'GET', `/api/games/${game.id}/board`)).json() as BoardResponse;
      expect(board.squares.find((s) => s.x === 5 && s.y === 5)?.owner_username).toBe(shown);
      expect((await tool(game.id, 'release', { user_id: carol.id })).statusCode).toBe(200);
      const released = `Your unpaid squares in ${game.title} were released`;
      await expect.poll(async () => (await mailsTo(t.app, carol.email)).map((m) => m.subject)).toContain(released);
      const mail = (await mailsTo(t.app, carol.email)).find((m) => m.subject === released)!;
      expect(mail.text).toContain(`Hi ${shown},`);
    });

    it('releases unpaid squares only: they become available and the owner gets an e-mail', async () => {
      const game = await organizerGame();
      await reserve(alice, game, [
        { x: 6, y: 6 },
        { x: 6, y: 7 },
      ]);
      await tool(game.id, 'mark-paid', { squares: [{ x: 6, y: 6 }] });
      const res = await tool(game.id, 'release', { user_id: alice.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json() as SquaresChanged).toMatchObject({ changed: 1, game: { squares_claimed: 1, total_pot_cents: 1000, collected_cents: 1000 } });
      expect((await squaresOf(game.id)).map((s) => [s.x, s.y, s.is_paid])).toEqual([[6, 6, true]]);
      await expectCountersMatch(t.db.handle, game.id);
      await expect.poll(async () => (await mailsTo(t.app, alice.email)).map((m) => m.subject)).toContain(`Your unpaid squares in ${game.title} were released`);
      const mail = (await mailsTo(t.app, alice.email)).find((m) => m.subject.includes(game.title))!;
      expect(mail.text).toContain('Row 7, column 8');
      // The square is for sale again.
      await reserve(bob, game, [{ x: 6, y: 7 }]);
    });

    it('never marks a card sale unpaid; refuses a completed game, and releasing after the draw', async () => {
      const card = await insertGame(t.db.handle);
      const sale = await insertCheckout(t.db.handle, { userId: alice.id, status: 'fulfilled' });
      await insertSquare(t.db.handle, card, { userId: alice.id, x: 0, y: 0, checkoutId: sale });
      const res = await tool(card, 'mark-unpaid', { all: true });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SquaresChanged).changed).toBe(0);
      const game = await organizerGame();
      await reserve(alice, game, [{ x: 1, y: 2 }]);
      await db().updateTable('games').set({ grid_shuffled: true }).where('id', '=', game.id).execute();
      const late = await tool(game.id, 'release', { all: true });
      expect(late.statusCode).toBe(409);
      expect((late.json() as { error: { message: string } }).error.message).toBe(ORGANIZER_TOOL_ERRORS.releaseAfterDraw);
      // Marking paid after the draw is fine: money comes in on game day.
      expect(((await tool(game.id, 'mark-paid', { all: true })).json() as SquaresChanged).changed).toBe(1);
      await db().updateTable('games').set({ is_active: false }).where('id', '=', game.id).execute();
      expect((await tool(game.id, 'mark-unpaid', { all: true })).statusCode).toBe(409);
      expect(await squaresOf(game.id)).toHaveLength(1);
    });

    it('answers 401 and 403 before reading the body, 400 with a clear message for a bad selection, 404 for no game', async () => {
      const game = await organizerGame();
      await reserve(alice, game, [{ x: 8, y: 8 }]);
      expect((await send(t.app, 'POST', `/api/admin/games/${game.id}/squares/mark-paid`, { payload: { squares: 'nonsense' } })).statusCode).toBe(401);
      expect((await tool(game.id, 'mark-paid', { oops: true }, alice.cookie)).statusCode).toBe(403);
      expect((await send(t.app, 'GET', `/api/admin/games/${game.id}/payments`, { cookie: alice.cookie })).statusCode).toBe(403);
      for (const [selection, message] of [
        [{}, ORGANIZER_TOOL_ERRORS.selectionOne],
        [{ all: true, user_id: alice.id }, ORGANIZER_TOOL_ERRORS.selectionOne],
        [{ squares: [] }, ORGANIZER_TOOL_ERRORS.selectionEmpty],
        [{ squares: [{ x: 10, y: 0 }] }, ORGANIZER_TOOL_ERRORS.selectionInvalid],
        [{ all: false }, ORGANIZER_TOOL_ERRORS.selectionInvalid],
      ] as const) {
        const res = await tool(game.id, 'mark-paid', selection);
        expect(res.statusCode, JSON.stringify(selection)).toBe(400);
        expect((res.json() as { error: { message: string } }).error.message, JSON.stringify(selection)).toBe(message);
      }
      expect((await tool('00000000-0000-4000-8000-000000000000', 'mark-paid', { all: true })).statusCode).toBe(404);
      expect((await squaresOf(game.id))[0]!.is_paid).toBe(false);
    });
  });

  describe('a game switched to organizer-collects after the cart was split', () => {
    it('is refused by the card part under the game lock, holding nothing', async () => {
      // The split reads each game's method before the lock; the organizer may switch it until a
      // square is held. Here the card part's creation meets an organizer game, as it would then.
      const game = await organizerGame();
      const handle = t.db.handle;
      const deps: CheckoutServiceDeps = {
        db: handle.db,
        kind: handle.kind,
        provider: testPaymentProvider({ repo: testPaymentsRepository(handle.db, handle.kind), clock: systemClock }),
        mail: { enqueue: async () => true, nudge: () => {} },
        receipts: { receipt: async () => {} },
        events: memoryGameEvents(),
        log: { info() {}, warn() {}, error() {}, debug() {} } as unknown as CheckoutServiceDeps['log'],
        clock: () => new Date(),
        metrics: { checkout() {} },
      };
      const fulfilling = fulfillment(deps);
      const creation = checkoutCreation(deps, fulfilling, cancelling(deps, fulfilling));
      const attempt = creation.create({
        user: { id: alice.id, email: alice.email },
        cart: [cartOf(game.id, [{ x: 2, y: 6 }], 10, game.title)],
        origin: 'http://localhost',
        maxHeldSquares: 100,
      });
      await expect(attempt).rejects.toMatchObject({
        statusCode: 409,
        code: 'GAME_CLOSED',
        message: `The way to pay for "${game.title}" has just changed. Try again.`,
      });
      expect(await squaresOf(game.id)).toEqual([]);
    });
  });

  describe('deleting an organizer-collects game', () => {
    it('refunds nothing through the app: the reservations stay as records, nothing waits for a provider', async () => {
      const game = await organizerGame();
      await reserve(alice, game, [{ x: 0, y: 0 }]);
      await tool(game.id, 'mark-paid', { all: true });
      await reserve(bob, game, [{ x: 1, y: 1 }]);
      const res = await asAdmin('DELETE', `/api/admin/games/${game.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const orders = await db()
        .selectFrom('checkouts')
        .innerJoin('checkout_items', 'checkout_items.checkout_id', 'checkouts.id')
        .select(['checkouts.id', 'checkouts.status'])
        .where('checkout_items.game_id', '=', game.id)
        .execute();
      expect(orders.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await db().selectFrom('payment_refunds').select('id').where('game_id', '=', game.id).execute()).toEqual([]);
    });
  });

  describe('the pay-by time', () => {
    it('releases what is still unpaid once, across instances; a new pay-by time runs again', async () => {
      const game = await organizerGame({ pay_by: new Date(Date.now() + HOUR).toISOString() });
      await reserve(alice, game, [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
      ]);
      await reserve(bob, game, [{ x: 1, y: 0 }]);
      await tool(game.id, 'mark-paid', { squares: [{ x: 0, y: 0 }] });
      expect(await t.app.organizer.releaseOverdue(new Date())).toBe(0);

      // Two instances run at once after the time: one release.
      const later = new Date(Date.now() + 2 * HOUR);
      const runs = await Promise.all([t.app.organizer.releaseOverdue(later), t.app.organizer.releaseOverdue(later)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
      expect((await squaresOf(game.id)).map((s) => [s.x, s.y])).toEqual([[0, 0]]);
      await expectCountersMatch(t.db.handle, game.id);
      await expect.poll(async () => (await mailsTo(t.app, bob.email)).some((m) => m.text.includes('pay-by time'))).toBe(true);

      // A square reserved after the run is not released by a later run of the same time.
      await reserve(bob, game, [{ x: 1, y: 0 }]);
      expect(await t.app.organizer.releaseOverdue(later)).toBe(0);
      // A new pay-by time runs again when it comes.
      const newPayBy = new Date(Date.now() + 3 * HOUR).toISOString();
      expect((await asAdmin('PATCH', `/api/admin/games/${game.id}`, { pay_by: newPayBy })).statusCode).toBe(200);
      expect(await t.app.organizer.releaseOverdue(new Date(Date.now() + 4 * HOUR))).toBe(1);
    });
  });

  describe('drawing with unpaid squares', () => {
    it('needs the organizer to confirm how many are unpaid', async () => {
      const game = await organizerGame();
      await reserve(alice, game, [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
      ]);
      const draw = (body: object) => asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true, ...body });
      const asked = await draw({});
      expect(asked.statusCode).toBe(409);
      expect(asked.json()).toEqual({ error: { code: 'UNPAID_SQUARES', message: GAME_DAY_TEXTS.unpaidSquares(2), unpaid_squares: 2 } });
      expect(GAME_DAY_TEXTS.unpaidSquares(2)).toBe(
        '2 squares are not paid yet. Once the numbers are drawn, unpaid squares can no longer be released. Draw anyway?',
      );
      expect((await draw({ confirm_unpaid: 1 })).statusCode).toBe(409);
      expect((await draw({ confirm_unpaid: 2 })).statusCode).toBe(200);
      expect((await gameRow(t.db.handle, game.id)).grid_shuffled).toBe(true);
    });
  });

  describe('without a card provider (production without Stripe)', () => {
    let bare: TestApp;
    let organizer: TestAccount;
    let player: TestAccount;
    beforeAll(async () => {
      bare = await createTestApp({ deps: { paymentProvider: null } });
      [organizer, player] = await Promise.all([testAccount(bare, { admin: true }), testAccount(bare, { prefix: 'player' })]);
    });
    afterAll(() => bare.close());

    it('offers organizer-collects only, refuses card games, and sells squares normally', async () => {
      expect(((await send(bare.app, 'GET', '/api/config')).json() as { paymentMethods: string[] }).paymentMethods).toEqual(['organizer']);
      const body = { title: 'No Stripe Pool', team_a: 'A', team_b: 'B', price_per_square: 5 };
      const card = await send(bare.app, 'POST', '/api/admin/games', { cookie: organizer.cookie, payload: body });
      expect(card.statusCode).toBe(400);
      expect(card.json()).toEqual({ error: { code: 'CARD_PAYMENTS_UNAVAILABLE', message: ORGANIZER_PAYMENT_ERRORS.cardUnavailable } });
      const created = await send(bare.app, 'POST', '/api/admin/games', {
        cookie: organizer.cookie,
        payload: { ...body, payment_method: 'organizer', payment_instructions: INSTRUCTIONS },
      });
      expect(created.statusCode, created.body).toBe(201);
      const game = (created.json() as { game: Game }).game;
      const res = await startCheckout(bare.app, player, [cartOf(game.id, [{ x: 2, y: 3 }], 5, game.title)]);
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as CheckoutCreated).reservation?.amount_cents).toBe(500);
      // An old card game cannot be bought here; it says why.
      const old = await insertGame(bare.db.handle);
      const refused = await startCheckout(bare.app, player, [cartOf(old, [{ x: 0, y: 0 }])]);
      expect(refused.statusCode).toBe(503);
    });
  });

  describe('races', () => {
    it('a square never ends with two owners, and the counters hold, whatever reservations, card checkouts and releases run at once', async () => {
      const game = await organizerGame();
      const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => testAccount(t, { prefix: `racer${i}` })));
      const cells = [
        { x: 7, y: 0 },
        { x: 7, y: 1 },
        { x: 7, y: 2 },
      ];
      await reserve(alice, game, [{ x: 7, y: 3 }]);
      await tool(game.id, 'mark-paid', { all: true });
      const results = await Promise.all([
        ...buyers.map((buyer, i) => startCheckout(t.app, buyer, [cartOf(game.id, [cells[i % 3]!, cells[(i + 1) % 3]!], 10, game.title)])),
        tool(game.id, 'mark-paid', { all: true }),
        tool(game.id, 'release', { all: true }),
        tool(game.id, 'mark-unpaid', { all: true }),
      ]);
      for (const res of results) expect([200, 201, 409], res.body).toContain(res.statusCode);
      const rows = await squaresOf(game.id);
      const keys = rows.map((s) => `${s.x},${s.y}`);
      expect(new Set(keys).size).toBe(keys.length);
      await expectCountersMatch(t.db.handle, game.id);
    });
  });
});
