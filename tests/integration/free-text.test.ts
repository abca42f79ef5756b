import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_NOT_ALLOWED, PAYOUT_REFERENCE_NOT_ALLOWED, TEAM_A_NOT_ALLOWED, TEAM_B_NOT_ALLOWED, TITLE_NOT_ALLOWED, TITLE_TOO_SHORT } from '@core/messages';
import { createTestApp, type TestApp } from '../support/app';
import { cartOf, checkoutRow, startCheckout } from '../support/checkout';
import { testDbKind } from '../support/db';
import { insertGame, insertNumbers } from '../support/fixtures';
import { allScores, sellSquares } from '../support/game-day';
import { ok, send } from '../support/request';
import { type TestAccount, testAccount } from '../support/accounts';

/** Issue 10 item 14: every free-text field over the API, on the real database. */
describe(`free text is normalized, and invisible or control characters are refused, in every field (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'textadmin', admin: true });
    player = await testAccount(t, { prefix: 'textplayer' });
  });
  afterAll(() => t.close());

  const newGame = { title: 'Text Bowl', team_a: 'Lions', team_b: 'Bears', price_per_square: 5 };
  const errorOf = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { error: { message: string } }).error.message;
  };
  const gameCount = async () =>
    Number(
      (
        await t.db.handle.db
          .selectFrom('games')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    [{ title: '\u200b\u200b\u200b\u200b' }, TITLE_NOT_ALLOWED],
    [{ title: 'Bowl\u0007\u0007' }, TITLE_NOT_ALLOWED],
    [{ title: '\u202eBowl LX' }, TITLE_NOT_ALLOWED],
    [{ title: '\u0301\u0301\u0301' }, TITLE_TOO_SHORT],
    [{ team_a: 'Li\u200dons' }, TEAM_A_NOT_ALLOWED],
    [{ team_b: '\u2067Bears\u2069' }, TEAM_B_NOT_ALLOWED],
  ])('creating a game with %j answers 400 "%s" and stores nothing', async (change, message) => {
    const before = await gameCount();
    expect(errorOf(await send(t.app, 'POST', '/api/admin/games', { cookie: admin.cookie, payload: { ...newGame, ...change } }))).toBe(message);
    expect(await gameCount()).toBe(before);
  });

  it('a game is stored normalized (NFC, trimmed, one space), and an edit is held to the same rule', async () => {
    const created = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: { ...newGame, title: '  Cafe\u0301\t Bowl  ', team_a: 'Los\u00a0\u00a0Angeles', team_b: 'New\nYork' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { game: { id: string } }).game.id;
    const row = await t.db.handle.db.selectFrom('games').select(['title', 'team_a', 'team_b']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Café Bowl', team_a: 'Los Angeles', team_b: 'New York' });

    expect(errorOf(await send(t.app, 'PATCH', `/api/admin/games/${id}`, { cookie: admin.cookie, payload: { title: '\ufeff\ufeff\ufeff' } }))).toBe(
      TITLE_NOT_ALLOWED,
    );
    expect((await t.db.handle.db.selectFrom('games').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('Café Bowl');
  });

  it('checkout notes: control and override characters are refused; line breaks are kept; blank is none', async () => {
    const gameId = await insertGame(t.db.handle, { created_by: admin.id });
    const buyer = { ...player };
    const refused = await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 0, y: 0 }])], 'Pay\u202e later');
    expect(errorOf(refused)).toBe(NOTES_NOT_ALLOWED);
    expect(errorOf(await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 0, y: 0 }])], '\u200b'))).toBe(NOTES_NOT_ALLOWED);

    const kept = await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 0, y: 1 }])], '  Row 1  please \r\n\r\n\r\nThanks ');
    expect(kept.statusCode, kept.body).toBe(201);
    expect((await checkoutRow(t.db.handle, (kept.json() as { checkout_id: string }).checkout_id)).notes).toBe('Row 1 please\n\nThanks');

    const blank = await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 0, y: 2 }])], ' \n\t ');
    expect(blank.statusCode, blank.body).toBe(201);
    expect((await checkoutRow(t.db.handle, (blank.json() as { checkout_id: string }).checkout_id)).notes).toBeNull();
  });

  it('a Mark Paid reference with invisible characters is refused and the payout stays pending', async () => {
    const gameId = await insertGame(t.db.handle, { created_by: admin.id });
    await sellSquares(t.db.handle, gameId, () => player.id);
    await insertNumbers(t.db.handle, gameId, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], { by: admin.id });
    await ok(t.app, 'POST', `/api/admin/games/${gameId}/periods/confirm-all`, admin.cookie, {
      scores: allScores([
        [7, 3],
        [14, 10],
        [24, 17],
        [31, 28],
      ]),
    });
    const url = `/api/admin/games/${gameId}/periods/1/payout/mark-paid`;
    expect(errorOf(await send(t.app, 'POST', url, { cookie: admin.cookie, payload: { reference: 'Venmo\u200b 1234' } }))).toBe(PAYOUT_REFERENCE_NOT_ALLOWED);
    const winner = () =>
      t.db.handle.db
        .selectFrom('game_winners')
        .select(['payout_status', 'payout_reference'])
        .where('game_id', '=', gameId)
        .where('period', '=', 1)
        .executeTakeFirstOrThrow();
    expect(await winner()).toEqual({ payout_status: 'pending', payout_reference: null });

    await ok(t.app, 'POST', url, admin.cookie, { reference: '  Venmo   1234 ' });
    expect(await winner()).toEqual({ payout_status: 'completed', payout_reference: 'Venmo 1234' });
  });
});
