import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySquaresResponse } from '@core/api/my-squares';
import { CLASSIC_SHAPE, squaresOf } from '@core/board-shape';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { latestMail, type TestAccount, testAccount } from '../../../tests/support/accounts';
import { cartOf, checkoutRow, expectCountersMatch, gameRow, payWith, sessionIdOf, squareRows, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { allScores, winnerRows } from '../../../tests/support/game-day';
import { ok, send } from '../../../tests/support/request';
import { REFUND_REASONS } from './checkout.messages';

const everySquare = squaresOf(CLASSIC_SHAPE);

/**
 * D13 with issue 10 item 1: deleting a game refunds that game's part of each paid checkout
 * (a partial refund at the provider) and changes nothing of any other game.
 */
describe(`deleting a game refunds only its own part of a checkout (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;

  beforeAll(async () => {
    // The attack's cart (100 + 1 squares) is larger than the default cart limit.
    t = await createTestApp({ env: { MAX_CART_SQUARES: '200', MAX_HELD_SQUARES: '200' } });
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    alice = await testAccount(t, { prefix: 'alice' });
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const refundsOf = (checkoutId: string) =>
    db().selectFrom('payment_refunds').selectAll().where('checkout_id', '=', checkoutId).orderBy('created_at').execute();

  it('a checkout of all of drawn and completed game A and one square of B: deleting B refunds $5 and leaves A, its pot and its payouts alone', async () => {
    const a = await insertGame(t.db.handle, { title: 'Alpha Bowl', price_per_square_cents: 1000 });
    const b = await insertGame(t.db.handle, { title: 'Beta Bowl', price_per_square_cents: 500 });
    const created = await startCheckout(t.app, alice, [cartOf(a, everySquare), cartOf(b, [{ x: 0, y: 0 }])]);
    expect(created.statusCode, created.body).toBe(201);
    const checkoutId = created.json().checkout_id as string;
    expect((await payWith(t.app, alice, await sessionIdOf(t.db.handle, checkoutId))).statusCode).toBe(200);

    // A is drawn and played; two payouts are marked paid.
    await ok(t.app, 'POST', `/api/admin/games/${a}/numbers/randomize`, admin.cookie, {});
    await ok(t.app, 'POST', `/api/admin/games/${a}/periods/confirm-all`, admin.cookie, {
      scores: allScores([
        [7, 3],
        [14, 10],
        [24, 17],
        [31, 28],
      ]),
    });
    await ok(t.app, 'POST', `/api/admin/games/${a}/periods/1/payout/mark-paid`, admin.cookie, { reference: 'Venmo 1' });
    await ok(t.app, 'POST', `/api/admin/games/${a}/periods/2/payout/mark-paid`, admin.cookie, { reference: 'Venmo 2' });
    const gameA = await gameRow(t.db.handle, a);
    expect(gameA).toMatchObject({ is_active: false, squares_claimed: 100, total_pot_cents: 100_000 });
    const squaresA = await squareRows(t.db.handle, a);
    const winnersA = await winnerRows(t.db.handle, a);

    const res = await send(t.app, 'DELETE', `/api/admin/games/${b}`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);

    // Game A: not one thing changed.
    expect(await gameRow(t.db.handle, a)).toEqual(gameA);
    expect(await squareRows(t.db.handle, a)).toEqual(squaresA);
    expect(await winnerRows(t.db.handle, a)).toEqual(winnersA);
    await expectCountersMatch(t.db.handle, a);

    // The checkout stays fulfilled; B's part ($5) is refunded and recorded per game.
    expect(await checkoutRow(t.db.handle, checkoutId)).toMatchObject({ status: 'fulfilled', refund_reason: null, refunded_at: null });
    const refunds = await refundsOf(checkoutId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      game_id: b,
      amount_cents: 500,
      status: 'refunded',
      provider: 'test',
      reason: REFUND_REASONS.gameDeleted('Beta Bowl'),
      description: 'Beta Bowl (1 square)',
      refund_key: `refund-${checkoutId}-${b}`,
    });
    expect(refunds[0]!.provider_refund_id).toMatch(/^test_re_/);
    // The test provider refunded $5 of the $1,005.00 payment, not all of it.
    const payment = (await checkoutRow(t.db.handle, checkoutId)).provider_payment_id!;
    expect(await db().selectFrom('test_payment_refunds').select(['payment_id', 'amount_cents']).where('payment_id', '=', payment).execute()).toEqual([
      { payment_id: payment, amount_cents: 500 },
    ]);

    const mail = await latestMail(t.app, alice.email);
    expect(mail.subject).toBe('Your Squares Pool payment was refunded');
    expect(mail.text).toContain('$5.00');
    expect(mail.text).toContain('Beta Bowl (1 square)');
    expect(mail.text).toContain(REFUND_REASONS.gameDeleted('Beta Bowl'));
    expect(mail.text).not.toContain('$1,005.00');

    // My Squares: A's 100 squares are still hers; the refund of B's square is listed.
    const mine = await ok<MySquaresResponse>(t.app, 'GET', '/api/me/squares', alice.cookie);
    expect(mine.games.map((g) => [g.game_id, g.squares.length])).toEqual([[a, 100]]);
    expect(mine.refunds).toEqual([
      expect.objectContaining({
        checkout_id: checkoutId,
        amount_cents: 500,
        description: 'Beta Bowl (1 square)',
        reason: REFUND_REASONS.gameDeleted('Beta Bowl'),
      }),
    ]);
    const view = await send(t.app, 'GET', `/api/checkout/${checkoutId}`, { cookie: alice.cookie });
    expect(view.json().checkout.status).toBe('fulfilled');

    // Sweeps and repeated confirmations refund nothing more.
    await t.app.checkoutSweeper.sweepExpired(new Date(Date.now() + 2 * 60 * 60_000));
    expect(await t.app.checkouts.confirmPaid({ sessionId: await sessionIdOf(t.db.handle, checkoutId), paymentId: payment })).toBe('fulfilled');
    expect(await refundsOf(checkoutId)).toHaveLength(1);
    expect(await gameRow(t.db.handle, a)).toEqual(gameA);
  });

  it('deleting both games of a checkout one after the other refunds each part once; other buyers are untouched', async () => {
    const x = await insertGame(t.db.handle, { title: 'X Bowl', price_per_square_cents: 300 });
    const y = await insertGame(t.db.handle, { title: 'Y Bowl', price_per_square_cents: 700 });
    const bob = await testAccount(t, { prefix: 'bob' });
    const paid = (
      await startCheckout(t.app, alice, [
        cartOf(x, [
          { x: 1, y: 1 },
          { x: 1, y: 2 },
        ]),
        cartOf(y, [{ x: 3, y: 3 }]),
      ])
    ).json();
    expect((await payWith(t.app, alice, await sessionIdOf(t.db.handle, paid.checkout_id))).statusCode).toBe(200);
    const other = (await startCheckout(t.app, bob, [cartOf(y, [{ x: 5, y: 5 }])])).json();
    expect((await payWith(t.app, bob, await sessionIdOf(t.db.handle, other.checkout_id))).statusCode).toBe(200);

    expect((await send(t.app, 'DELETE', `/api/admin/games/${x}`, { cookie: admin.cookie })).statusCode).toBe(200);
    // Y keeps both buyers' squares and its whole pot.
    expect((await squareRows(t.db.handle, y)).map((s) => [s.x, s.y, s.user_id, s.status])).toEqual([
      [3, 3, alice.id, 'claimed'],
      [5, 5, bob.id, 'claimed'],
    ]);
    expect(await gameRow(t.db.handle, y)).toMatchObject({ squares_claimed: 2, total_pot_cents: 1400 });
    expect((await refundsOf(paid.checkout_id)).map((r) => [r.game_id, r.amount_cents, r.status])).toEqual([[x, 600, 'refunded']]);

    expect((await send(t.app, 'DELETE', `/api/admin/games/${y}`, { cookie: admin.cookie })).statusCode).toBe(200);
    const refunds = await refundsOf(paid.checkout_id);
    expect(refunds.map((r) => [r.game_id, r.amount_cents, r.status]).sort()).toEqual(
      [
        [x, 600, 'refunded'],
        [y, 700, 'refunded'],
      ].sort(),
    );
    // Bob's one-game checkout is refunded in full, as before.
    expect(await checkoutRow(t.db.handle, other.checkout_id)).toMatchObject({ status: 'refunded', refund_reason: REFUND_REASONS.gameDeleted('Y Bowl') });
    expect((await refundsOf(other.checkout_id)).map((r) => r.amount_cents)).toEqual([700]);
  });
});
