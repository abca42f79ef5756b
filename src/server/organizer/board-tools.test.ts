import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { CheckoutCreated } from '@core/api/checkout';
import type { Game } from '@core/api/games';
import type { MySquaresResponse } from '@core/api/my-squares';
import type { ActivityResponse, Assigned, SquaresChanged } from '@core/api/organizer';
import { INVALID_EMAIL, ORGANIZER_TOOL_ERRORS, paidAmountChanged, squaresNotFree } from '@core/messages';
import { squaresAmountCents } from '@core/payment-methods';
import {
  cookiesOf,
  followLink,
  latestMail,
  logInAs,
  mailsTo,
  newAccount,
  postAuth,
  signUpAs,
  testAccount,
  type TestAccount,
} from '../../../tests/support/accounts';
import { createTestApp, databaseFingerprinter, type TestApp } from '../../../tests/support/app';
import { cartOf, expectCountersMatch, payWith, sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertPeriodResult } from '../../../tests/support/fixtures';
import { createGameAs, send } from '../../../tests/support/request';
import { namedPeopleService } from '../people/people.service';
import { memoryGameEvents } from '../realtime/memory-events';

/**
 * D29 named people and D32's board tools on both databases, through real HTTP: assign free
 * squares to an account or a named person, move, release (a card sale refunded through the trial
 * provider), the activity log for admins and players, and a named person's squares following the
 * account confirmed with their address.
 */
describe(`the organizer's board tools (D29, D32, ${testDbKind})`, () => {
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
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown) => send(t.app, method, url, { cookie: admin.cookie, payload });

  const newGame = (values: Record<string, unknown> = {}): Promise<Game> => createGameAs(t.app, admin.cookie, 'Board Tools', values);
  const organizerGame = () => newGame({ payment_method: 'organizer', payment_instructions: 'Cash to Coach K' });

  const assign = (gameId: string, payload: unknown, cookie = admin.cookie) =>
    send(t.app, 'POST', `/api/admin/games/${gameId}/squares/assign`, { cookie, payload });
  const move = (gameId: string, payload: unknown, cookie = admin.cookie) => send(t.app, 'POST', `/api/admin/games/${gameId}/squares/move`, { cookie, payload });
  const release = (gameId: string, payload: unknown) => send(t.app, 'POST', `/api/admin/games/${gameId}/squares/release`, { cookie: admin.cookie, payload });
  const activity = async (gameId: string, cookie: string) => {
    const res = await send(t.app, 'GET', `/api/games/${gameId}/activity`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityResponse;
  };
  const squaresOf = (gameId: string) =>
    db().selectFrom('squares').select(['x', 'y', 'user_id', 'is_paid', 'checkout_id']).where('game_id', '=', gameId).orderBy('x').orderBy('y').execute();
  const boardNames = async (gameId: string) => {
    const board = (await send(t.app, 'GET', `/api/games/${gameId}/board`)).json() as BoardResponse;
    return board.squares.map((square) => [square.x, square.y, square.owner_username]);
  };

  async function cardSale(buyer: TestAccount, game: Game, squares: { x: number; y: number }[]): Promise<string> {
    const res = await startCheckout(t.app, buyer, [cartOf(game.id, squares, 10, game.title)]);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = (res.json() as CheckoutCreated).checkout_id as string;
    const paid = await payWith(t.app, buyer, await sessionIdOf(t.db.handle, checkoutId));
    expect(paid.statusCode, paid.body).toBe(200);
    return checkoutId;
  }

  describe('assign', () => {
    it('puts free squares on an account by username or e-mail, unpaid or paid; the pot counts them all, collected the paid ones (D47)', async () => {
      const game = await organizerGame();
      const byName = await assign(game.id, {
        squares: [
          { x: 0, y: 0 },
          { x: 0, y: 1 },
        ],
        to: { account: alice.username.toUpperCase() },
      });
      expect(byName.statusCode, byName.body).toBe(200);
      expect(byName.json() as Assigned).toMatchObject({
        changed: 2,
        user_id: alice.id,
        game: { squares_claimed: 2, total_pot_cents: 2000, collected_cents: 0 },
      });
      const byEmail = await assign(game.id, { squares: [{ x: 5, y: 5 }], to: { account: ` ${bob.email} ` }, paid: true, paid_cents: 1000 });
      expect(byEmail.json() as Assigned).toMatchObject({ user_id: bob.id, game: { squares_claimed: 3, total_pot_cents: 3000, collected_cents: 1000 } });
      expect((await squaresOf(game.id)).map((s) => [s.x, s.y, s.user_id, s.is_paid, s.checkout_id])).toEqual([
        [0, 0, alice.id, false, null],
        [0, 1, alice.id, false, null],
        [5, 5, bob.id, true, null],
      ]);
      await expectCountersMatch(t.db.handle, game.id);
      // Alice's own board marks her squares unpaid; her payment-tracking row counts them.
      const tracking = (await asAdmin('GET', `/api/admin/games/${game.id}/payments`)).json() as { players: { user_id: string; unpaid_cents: number }[] };
      expect(tracking.players.find((p) => p.user_id === alice.id)?.unpaid_cents).toBe(2000);
    });

    it('works in a card game too (the organizer took cash), beyond the squares-per-player cap', async () => {
      const game = await newGame({ max_squares_per_player: 1 });
      const res = await assign(game.id, {
        squares: [
          { x: 1, y: 1 },
          { x: 1, y: 2 },
        ],
        to: { account: alice.username },
        paid: true,
        paid_cents: 2000,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Assigned).game).toMatchObject({ squares_claimed: 2, total_pot_cents: 2000 });
      await expectCountersMatch(t.db.handle, game.id);
    });

    it('puts a named person without an account on squares; the same name again is the same person', async () => {
      const game = await organizerGame();
      const first = (await assign(game.id, { squares: [{ x: 2, y: 3 }], to: { name: '  Aunt   May ' } })).json() as Assigned;
      const again = (await assign(game.id, { squares: [{ x: 2, y: 4 }], to: { name: 'aunt may', email: '' } })).json() as Assigned;
      expect(again.user_id).toBe(first.user_id);
      expect(await boardNames(game.id)).toEqual([
        [2, 3, 'Aunt May'],
        [2, 4, 'Aunt May'],
      ]);
      // No sign-in, no password, no mail for the placeholder: its address is under .invalid.
      const user = await db().selectFrom('user').select(['email', 'emailVerified', 'username']).where('id', '=', first.user_id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ emailVerified: false, username: null });
      expect(user.email).toMatch(/@named\.invalid$/);
      expect(await t.db.handle.raw.selectFrom('account').select('id').where('userId', '=', first.user_id).execute()).toEqual([]);
      // Her payment row shows no placeholder address.
      const tracking = (await asAdmin('GET', `/api/admin/games/${game.id}/payments`)).json() as {
        players: { user_id: string; username: string; email: string }[];
      };
      expect(tracking.players.find((p) => p.user_id === first.user_id)).toMatchObject({ username: 'Aunt May', email: '' });
      // Releasing her squares mails nobody.
      await release(game.id, { user_id: first.user_id });
      expect(await mailsTo(t.app, user.email)).toEqual([]);
      await expectCountersMatch(t.db.handle, game.id);
    });

    it('a named person given the address of a confirmed account is that account', async () => {
      const game = await organizerGame();
      const res = (await assign(game.id, { squares: [{ x: 9, y: 9 }], to: { name: 'Bobby', email: bob.email.toUpperCase() } })).json() as Assigned;
      expect(res.user_id).toBe(bob.id);
    });

    it('refuses taken squares, an unknown account, and the game after its draw, changing nothing', async () => {
      const game = await organizerGame();
      await assign(game.id, { squares: [{ x: 4, y: 4 }], to: { account: alice.username } });
      const fingerprint = await databaseFingerprinter(t.db.handle);
      const before = await fingerprint();
      const taken = await assign(game.id, {
        squares: [
          { x: 4, y: 3 },
          { x: 4, y: 4 },
        ],
        to: { account: bob.username },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: { code: 'SQUARES_TAKEN', message: squaresNotFree('Row 5, column 5') } });
      const nobody = await assign(game.id, { squares: [{ x: 4, y: 3 }], to: { account: 'no-such-player' } });
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json()).toEqual({ error: { code: 'ACCOUNT_NOT_FOUND', message: ORGANIZER_TOOL_ERRORS.noAccount } });
      expect(await fingerprint()).toEqual(before);
      await db().updateTable('games').set({ grid_shuffled: true }).where('id', '=', game.id).execute();
      const late = await assign(game.id, { squares: [{ x: 4, y: 3 }], to: { account: bob.username } });
      expect(late.statusCode).toBe(409);
      expect((late.json() as { error: { message: string } }).error.message).toBe(ORGANIZER_TOOL_ERRORS.assignAfterDraw);
    });

    it('refuses a held square of a live checkout', async () => {
      const game = await newGame();
      const res = await startCheckout(t.app, alice, [cartOf(game.id, [{ x: 7, y: 7 }], 10, game.title)]);
      expect(res.statusCode, res.body).toBe(201);
      expect((await assign(game.id, { squares: [{ x: 7, y: 7 }], to: { name: 'Aunt May' } })).statusCode).toBe(409);
    });

    it('validates its input with clear messages', async () => {
      const game = await organizerGame();
      const cases: [unknown, string][] = [
        [{ squares: [{ x: 0, y: 0 }], to: { name: '   ' } }, ORGANIZER_TOOL_ERRORS.personName],
        [{ squares: [{ x: 0, y: 0 }], to: { name: 'M'.repeat(41) } }, ORGANIZER_TOOL_ERRORS.personName],
        [{ squares: [{ x: 0, y: 0 }], to: { name: 'May\u202E' } }, ORGANIZER_TOOL_ERRORS.personNameNotAllowed],
        [{ squares: [{ x: 0, y: 0 }], to: { name: 'May', email: 'not-an-address' } }, INVALID_EMAIL],
        [{ squares: [{ x: 0, y: 0 }], to: { account: 'alice', name: 'May' } }, ORGANIZER_TOOL_ERRORS.targetOne],
        [{ squares: [{ x: 0, y: 0 }], to: {} }, ORGANIZER_TOOL_ERRORS.targetOne],
        [{ squares: [], to: { name: 'May' } }, ORGANIZER_TOOL_ERRORS.selectionEmpty],
        [{ squares: [{ x: 10, y: 0 }], to: { name: 'May' } }, ORGANIZER_TOOL_ERRORS.selectionInvalid],
      ];
      for (const [payload, message] of cases) {
        const res = await assign(game.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect((res.json() as { error: { message: string } }).error.message, JSON.stringify(payload)).toBe(message);
      }
      expect(await squaresOf(game.id)).toEqual([]);
    });

    it('marks squares paid only for the sum the organizer confirmed: a missing one is a 400, a stale one a 409 that changes nothing', async () => {
      const game = await organizerGame();
      const two = [
        { x: 3, y: 0 },
        { x: 3, y: 1 },
      ];
      const missing = await assign(game.id, { squares: two, to: { name: 'Aunt May' }, paid: true });
      expect(missing.statusCode).toBe(400);
      expect((missing.json() as { error: { message: string } }).error.message).toBe(ORGANIZER_TOOL_ERRORS.paidAmountMissing);
      // The dialog read $10 a square ($20.00 for 2); the price then became $15 (no square sold yet, D13).
      expect((await send(t.app, 'PATCH', `/api/admin/games/${game.id}`, { cookie: admin.cookie, payload: { price_per_square: 15 } })).statusCode).toBe(200);
      const fingerprint = await databaseFingerprinter(t.db.handle);
      const before = await fingerprint();
      const stale = await assign(game.id, { squares: two, to: { name: 'Aunt May' }, paid: true, paid_cents: 2000 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: { code: 'PAID_AMOUNT_CHANGED', message: paidAmountChanged('$30.00', '$20.00', 2) } });
      expect(await fingerprint()).toEqual(before);
      const right = await assign(game.id, { squares: two, to: { name: 'Aunt May' }, paid: true, paid_cents: squaresAmountCents(2, 1500) });
      expect(right.statusCode, right.body).toBe(200);
      expect((right.json() as Assigned).game).toMatchObject({ squares_claimed: 2, total_pot_cents: 3000 });
      // Unpaid needs no sum.
      const unpaid = await assign(game.id, { squares: [{ x: 3, y: 2 }], to: { name: 'Aunt May' } });
      expect(unpaid.statusCode, unpaid.body).toBe(200);
      expect((await squaresOf(game.id)).map((s) => s.is_paid)).toEqual([true, true, false]);
      await expectCountersMatch(t.db.handle, game.id);
    });

    it('answers 401 and 403 before reading the body', async () => {
      const game = await organizerGame();
      for (const path of ['assign', 'move', 'release', 'mark-paid']) {
        expect((await send(t.app, 'POST', `/api/admin/games/${game.id}/squares/${path}`, { payload: { nonsense: true } })).statusCode).toBe(401);
        expect(
          (await send(t.app, 'POST', `/api/admin/games/${game.id}/squares/${path}`, { cookie: alice.cookie, payload: { nonsense: true } })).statusCode,
        ).toBe(403);
      }
      expect((await send(t.app, 'GET', `/api/games/${game.id}/activity`)).statusCode).toBe(401);
      // Not even a body that is not JSON is read first.
      const raw = await t.app.inject({
        method: 'POST',
        url: `/api/admin/games/${game.id}/squares/assign`,
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        payload: '{not json',
      });
      expect(raw.statusCode).toBe(401);
    });
  });

  describe('move', () => {
    it("moves a player's square to a free one, keeping owner and payment", async () => {
      const game = await newGame();
      await cardSale(alice, game, [{ x: 3, y: 3 }]);
      const res = await move(game.id, { from: { x: 3, y: 3 }, to: { x: 8, y: 0 } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await squaresOf(game.id)).map((s) => [s.x, s.y, s.user_id, s.is_paid])).toEqual([[8, 0, alice.id, true]]);
      await expectCountersMatch(t.db.handle, game.id);
      const mine = (await send(t.app, 'GET', '/api/me/squares', { cookie: alice.cookie })).json() as MySquaresResponse;
      expect(JSON.stringify(mine)).toContain(game.id);
    });

    it('refuses the same square, an empty square, a taken one and after the draw', async () => {
      const game = await organizerGame();
      await assign(game.id, { squares: [{ x: 0, y: 0 }], to: { account: alice.username } });
      await assign(game.id, { squares: [{ x: 0, y: 1 }], to: { account: bob.username } });
      const same = await move(game.id, { from: { x: 0, y: 0 }, to: { x: 0, y: 0 } });
      expect([same.statusCode, (same.json() as { error: { message: string } }).error.message]).toEqual([400, ORGANIZER_TOOL_ERRORS.moveSame]);
      const empty = await move(game.id, { from: { x: 5, y: 5 }, to: { x: 6, y: 6 } });
      expect([empty.statusCode, (empty.json() as { error: { message: string } }).error.message]).toEqual([409, ORGANIZER_TOOL_ERRORS.moveFromEmpty]);
      const taken = await move(game.id, { from: { x: 0, y: 0 }, to: { x: 0, y: 1 } });
      expect([taken.statusCode, (taken.json() as { error: { message: string } }).error.message]).toEqual([409, ORGANIZER_TOOL_ERRORS.moveToTaken]);
      await db().updateTable('games').set({ grid_shuffled: true }).where('id', '=', game.id).execute();
      const late = await move(game.id, { from: { x: 0, y: 0 }, to: { x: 9, y: 9 } });
      expect([late.statusCode, (late.json() as { error: { message: string } }).error.message]).toEqual([409, ORGANIZER_TOOL_ERRORS.moveAfterDraw]);
      expect((await squaresOf(game.id)).map((s) => [s.x, s.y])).toEqual([
        [0, 0],
        [0, 1],
      ]);
    });
  });

  describe('release', () => {
    it('releases a card-paid square with include_paid and refunds its price through the provider', async () => {
      const game = await newGame();
      const checkoutId = await cardSale(alice, game, [
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]);
      // Without include_paid, paid squares stay.
      expect(((await release(game.id, { squares: [{ x: 1, y: 1 }] })).json() as SquaresChanged).changed).toBe(0);
      const res = await release(game.id, { squares: [{ x: 1, y: 1 }], include_paid: true });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SquaresChanged).game).toMatchObject({ squares_claimed: 1, total_pot_cents: 1000 });
      await expectCountersMatch(t.db.handle, game.id);
      await expect
        .poll(() => db().selectFrom('payment_refunds').select(['status', 'amount_cents', 'game_id']).where('checkout_id', '=', checkoutId).execute())
        .toEqual([{ status: 'refunded', amount_cents: 1000, game_id: game.id }]);
      // The test checkout holds the refund of 10 dollars of a 20-dollar payment.
      const refunds = await db().selectFrom('test_payment_refunds').select('amount_cents').execute();
      expect(refunds.map((r) => r.amount_cents)).toContain(1000);
      await expect.poll(async () => (await mailsTo(t.app, alice.email)).map((m) => m.subject)).toContain(`Your squares in ${game.title} were released`);
      // The checkout stays fulfilled: the other square is still hers.
      expect((await db().selectFrom('checkouts').select('status').where('id', '=', checkoutId).executeTakeFirstOrThrow()).status).toBe('fulfilled');

      // Deleting the game afterwards refunds only what is left (10, not 20 again).
      expect((await send(t.app, 'DELETE', `/api/admin/games/${game.id}`, { cookie: admin.cookie })).statusCode).toBe(200);
      await expect
        .poll(async () =>
          (
            await db().selectFrom('payment_refunds').select(['amount_cents', 'status']).where('checkout_id', '=', checkoutId).orderBy('created_at').execute()
          ).map((r) => [r.amount_cents, r.status]),
        )
        .toEqual([
          [1000, 'refunded'],
          [1000, 'refunded'],
        ]);
    });

    it('releases paid cash squares without a refund; the pot drops', async () => {
      const game = await organizerGame();
      await assign(game.id, { squares: [{ x: 2, y: 2 }], to: { account: bob.username }, paid: true, paid_cents: 1000 });
      const res = (await release(game.id, { squares: [{ x: 2, y: 2 }], include_paid: true })).json() as SquaresChanged;
      expect(res.game).toMatchObject({ squares_claimed: 0, total_pot_cents: 0 });
      await expect.poll(async () => (await mailsTo(t.app, bob.email)).map((m) => m.text).join('\n')).toContain('ask the organizer about that money');
    });
  });

  describe('the activity log', () => {
    it('records every action; admins read all of it, a player only what concerns their squares', async () => {
      const game = await newGame();
      await cardSale(alice, game, [{ x: 0, y: 0 }]);
      await assign(game.id, { squares: [{ x: 1, y: 0 }], to: { name: 'Aunt May' } });
      await assign(game.id, { squares: [{ x: 2, y: 0 }], to: { account: bob.username } });
      await send(t.app, 'POST', `/api/admin/games/${game.id}/squares/mark-paid`, { cookie: admin.cookie, payload: { squares: [{ x: 2, y: 0 }] } });
      await move(game.id, { from: { x: 2, y: 0 }, to: { x: 2, y: 9 } });
      await release(game.id, { squares: [{ x: 0, y: 0 }], include_paid: true });
      const draw = await send(t.app, 'POST', `/api/admin/games/${game.id}/numbers/randomize`, {
        cookie: admin.cookie,
        payload: { confirm_not_full: true, confirm_unpaid: 1 },
      });
      expect(draw.statusCode, draw.body).toBe(200);

      const all = await activity(game.id, admin.cookie);
      expect(all.scope).toBe('all');
      const said = all.entries.map((entry) => entry.message).reverse();
      expect(said).toEqual([
        `${alice.username} bought 1 square for $10.00: Row 1, column 1`,
        `${admin.username} put Aunt May (no account) on 1 square: Row 2, column 1`,
        `${admin.username} put ${bob.username} on 1 square: Row 3, column 1`,
        `${admin.username} marked 1 square of ${bob.username} paid: Row 3, column 1`,
        `${admin.username} moved ${bob.username}'s square from Row 3, column 1 to Row 3, column 10`,
        `${admin.username} released 1 square of ${alice.username}: Row 1, column 1`,
        `$10.00 refunded to ${alice.username} through the card payment, for 1 square: Row 1, column 1`,
        `${admin.username} drew the numbers`,
      ]);
      const bobs = await activity(game.id, bob.cookie);
      expect(bobs.scope).toBe('mine');
      expect(bobs.entries.map((entry) => entry.action).reverse()).toEqual(['assigned', 'marked_paid', 'moved']);
      const alices = await activity(game.id, alice.cookie);
      expect(alices.entries.map((entry) => entry.action).reverse()).toEqual(['bought', 'released', 'refunded']);
    });
  });

  it("hides an invite-only game's log from a player who may not see the game (D30)", async () => {
    const game = await newGame({ visibility: 'invite' });
    const hidden = await send(t.app, 'GET', `/api/games/${game.id}/activity`, { cookie: bob.cookie });
    expect(hidden.statusCode).toBe(404);
    await assign(game.id, { squares: [{ x: 0, y: 0 }], to: { account: bob.username } });
    expect((await activity(game.id, bob.cookie)).entries.map((e) => e.action)).toEqual(['assigned']);
  });

  describe("a named person's squares follow their account (D29)", () => {
    it('moves squares, wins and log entries to the account confirmed later with that address', async () => {
      const game = await organizerGame();
      const may = newAccount('may');
      const placeholder = (
        (
          await assign(game.id, {
            squares: [
              { x: 6, y: 6 },
              { x: 6, y: 7 },
            ],
            to: { name: 'Aunt May', email: may.email },
          })
        ).json() as Assigned
      ).user_id;
      await db().updateTable('games').set({ grid_shuffled: true, numbers_revealed: true }).where('id', '=', game.id).execute();
      await insertPeriodResult(t.db.handle, game.id, { period: 1, teamA: 7, teamB: 3, square: { x: 6, y: 6, userId: placeholder }, payoutCents: 500 });
      // She signs up with that address and confirms it by the mailed link (the real path).
      expect((await signUpAs(t.app, may)).statusCode).toBe(200);
      expect((await followLink(t.app, (await latestMail(t.app, may.email)).link!)).statusCode).toBe(302);
      const real = await db().selectFrom('user').select('id').where('email', '=', may.email).executeTakeFirstOrThrow();
      expect((await squaresOf(game.id)).map((s) => s.user_id)).toEqual([real.id, real.id]);
      expect((await db().selectFrom('game_winners').select('user_id').where('game_id', '=', game.id).executeTakeFirstOrThrow()).user_id).toBe(real.id);
      // Her password was set before the address was proven: it is gone (design note 021); she signs in by link.
      expect((await logInAs(t.app, may.email, may.password)).statusCode).toBe(401);
      expect((await postAuth(t.app, '/sign-in/magic-link', { email: may.email, callbackURL: '/' })).statusCode).toBe(200);
      const cookie = cookiesOf(await followLink(t.app, (await latestMail(t.app, may.email)).link!));
      const mine = (await send(t.app, 'GET', '/api/me/squares', { cookie })).json() as MySquaresResponse;
      expect(JSON.stringify(mine)).toContain(game.id);
      const wins = await send(t.app, 'GET', '/api/me/winnings', { cookie });
      expect(JSON.stringify(wins.json())).toContain(game.id);
      expect((await activity(game.id, cookie)).entries.map((e) => e.action)).toEqual(['assigned']);
      // The board now shows her username; the placeholder is claimed and never reused.
      expect((await boardNames(game.id)).map(([, , name]) => name)).toEqual([may.username, may.username]);
      expect((await db().selectFrom('named_people').select('claimed_by').where('user_id', '=', placeholder).executeTakeFirstOrThrow()).claimed_by).toBe(
        real.id,
      );
      const later = await organizerGame();
      const again = (await assign(later.id, { squares: [{ x: 0, y: 9 }], to: { name: 'Aunt May', email: may.email } })).json() as Assigned;
      expect(again.user_id).toBe(real.id);
    });

    it('at start, finds named people whose address was confirmed while their move was cut off', async () => {
      const game = await organizerGame();
      const placeholder = (
        (await assign(game.id, { squares: [{ x: 3, y: 8 }], to: { name: 'Cousin Al', email: `al-${Date.now()}@example.com` } })).json() as Assigned
      ).user_id;
      const email = (await db().selectFrom('named_people').select('email').where('user_id', '=', placeholder).executeTakeFirstOrThrow()).email as string;
      // An account confirmed with that address without the move (as if the process died in between).
      const al = await testAccount(t, { prefix: 'al' });
      await db().updateTable('user').set({ email }).where('id', '=', al.id).execute();
      const pass = namedPeopleService({ db: db(), events: memoryGameEvents(), log: t.app.log, clock: () => new Date() });
      expect(await pass.adoptPending()).toBe(1);
      expect((await squaresOf(game.id)).map((s) => s.user_id)).toEqual([al.id]);
      expect(await pass.adoptPending()).toBe(0);
    });
  });
});
