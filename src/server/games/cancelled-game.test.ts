import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assigned } from '@core/api/organizer';
import { GAME_CANCELLED, GAME_ERRORS } from '@core/messages';
import { mailsTo, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, payWith, sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { send } from '../../../tests/support/request';

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: GAME_ERRORS.notFoundOrInviteOnly } };
const SUBJECT = 'was cancelled by the organizer';

/**
 * Issue 23 item 5: deleting a game whose organizer collected the money. Its players are told by
 * e-mail (after commit) that the organizer cancelled it and pays back what they paid, outside the
 * app; those who owned squares read "cancelled by the organizer" on its link (410
 * GAME_CANCELLED), anyone else "Game not found" (docs/decisions/020). Card games keep D13's refunds.
 */
describe(`a deleted game, for the people who owned squares in it (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, alice, bob, carol] = await Promise.all([
      testAccount(t, { admin: true }),
      testAccount(t, { prefix: 'alice' }),
      testAccount(t, { prefix: 'bob' }),
      testAccount(t, { prefix: 'carol' }),
    ]);
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'POST' | 'DELETE', url: string, payload?: unknown) => send(t.app, method, url, { cookie: admin.cookie, payload });
  async function newGame(values: Record<string, unknown> = {}): Promise<{ id: string; title: string }> {
    const res = await asAdmin('POST', '/api/admin/games', {
      title: `Cash Pool ${Math.random().toString(36).slice(2, 7)}`,
      team_a: 'Lions',
      team_b: 'Bears',
      price_per_square: 10,
      payment_method: 'organizer',
      payment_instructions: 'Cash to Sam at the office by Friday',
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { game: { id: string; title: string } }).game;
  }
  const reserve = async (who: TestAccount, gameId: string, title: string, squares: { x: number; y: number }[]) =>
    expect((await startCheckout(t.app, who, [cartOf(gameId, squares, 10, title)])).statusCode).toBe(201);
  const cancelledMails = async (to: string) => (await mailsTo(t.app, to)).filter((mail) => mail.subject.includes(SUBJECT));

  it('mails each owner with an address what happens to their money, and shows owners the cancelled game', async () => {
    const game = await newGame();
    await reserve(alice, game.id, game.title, [
      { x: 0, y: 0 },
      { x: 0, y: 1 },
    ]);
    await asAdmin('POST', `/api/admin/games/${game.id}/squares/mark-paid`, { user_id: alice.id });
    await reserve(bob, game.id, game.title, [{ x: 1, y: 1 }]);
    const may = (
      await asAdmin('POST', `/api/admin/games/${game.id}/squares/assign`, {
        squares: [{ x: 2, y: 2 }],
        to: { name: 'Aunt May', email: 'may.cancel@example.com' },
        paid: true,
        paid_cents: 1000,
      })
    ).json() as Assigned;
    expect((await asAdmin('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: [{ x: 3, y: 3 }], to: { name: 'No Address' } })).statusCode).toBe(
      200,
    );

    const deleted = await asAdmin('DELETE', `/api/admin/games/${game.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    // The mails go out after the commit, in the background: wait for them.
    await expect.poll(async () => (await cancelledMails(alice.email)).length).toBe(1);
    const [toAlice] = await cancelledMails(alice.email);
    expect(toAlice!.subject).toBe(`${game.title} was cancelled by the organizer`);
    expect(toAlice!.text).toContain('Your 2 squares in it are gone.');
    expect(toAlice!.text).toContain(GAME_CANCELLED.organizerMoney('$20.00'));
    expect(toAlice!.link).toMatch(new RegExp(`/game/${game.id}$`));
    await expect.poll(async () => (await cancelledMails(bob.email)).length).toBe(1);
    expect((await cancelledMails(bob.email))[0]!.text).toContain(GAME_CANCELLED.organizerUnpaid);
    await expect.poll(async () => (await cancelledMails('may.cancel@example.com')).length).toBe(1);
    expect((await cancelledMails('may.cancel@example.com'))[0]!.text).toContain(GAME_CANCELLED.organizerMoney('$10.00'));
    expect(await cancelledMails(carol.email)).toEqual([]);
    expect(may.user_id).toBeTruthy();

    // Owners read the cancelled game, with its title and when; the board answers the same.
    for (const url of [`/api/games/${game.id}`, `/api/games/${game.id}/board`]) {
      const res = await send(t.app, 'GET', url, { cookie: alice.cookie });
      expect(res.statusCode, url).toBe(410);
      const body = res.json() as { error: { code: string; message: string; game: Record<string, unknown> } };
      expect(body.error).toMatchObject({
        code: 'GAME_CANCELLED',
        message: GAME_CANCELLED.title,
        game: { id: game.id, title: game.title, team_a: 'Lions', team_b: 'Bears', payment_method: 'organizer', squares: 2, paid_cents: 2000 },
      });
      expect(Date.parse(body.error.game.deleted_at as string)).toBeGreaterThan(Date.now() - 60_000);
      expect((await send(t.app, 'GET', url, { cookie: bob.cookie })).statusCode, url).toBe(410);
      // Who never owned a square there, and visitors: as for a game that never existed.
      for (const cookie of [carol.cookie, undefined]) {
        const other = await send(t.app, 'GET', url, { cookie });
        expect(other.statusCode, url).toBe(404);
        expect(other.json()).toEqual(NOT_FOUND);
      }
    }
  });

  it('a refused delete records nothing and mails nobody', async () => {
    const game = await newGame();
    await reserve(alice, game.id, game.title, [{ x: 5, y: 5 }]);
    await send(t.app, 'POST', `/api/admin/games/${game.id}/numbers/randomize`, {
      cookie: admin.cookie,
      payload: { confirm_not_full: true, confirm_unpaid: 1 },
    });
    const refused = await asAdmin('DELETE', `/api/admin/games/${game.id}`);
    expect(refused.statusCode).toBe(409);
    expect(await t.db.handle.db.selectFrom('deleted_games').select('id').where('id', '=', game.id).execute()).toEqual([]);
    expect((await send(t.app, 'GET', `/api/games/${game.id}`, { cookie: alice.cookie })).statusCode).toBe(200);
    expect((await cancelledMails(alice.email)).filter((mail) => mail.subject.startsWith(game.title))).toEqual([]);
  });

  it('a card game is refunded through its provider as before, without the organizer mail', async () => {
    const game = await newGame({ payment_method: 'card', payment_instructions: null });
    const created = await startCheckout(t.app, carol, [cartOf(game.id, [{ x: 4, y: 4 }], 10, game.title)]);
    expect(created.statusCode, created.body).toBe(201);
    const checkoutId = (created.json() as { checkout_id: string }).checkout_id;
    expect((await payWith(t.app, carol, await sessionIdOf(t.db.handle, checkoutId))).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/games/${game.id}`)).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.db.handle.db.selectFrom('checkouts').select('status').where('id', '=', checkoutId).executeTakeFirstOrThrow()).status)
      .toBe('refunded');
    expect(await cancelledMails(carol.email)).toEqual([]);
    // Its owner reads the cancelled game too: their card payment is refunded.
    const res = await send(t.app, 'GET', `/api/games/${game.id}`, { cookie: carol.cookie });
    expect(res.statusCode).toBe(410);
    expect((res.json() as { error: { game: { payment_method: string } } }).error.game.payment_method).toBe('card');
  });
});
