import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '@core/api/games';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertNumbers } from '../../../tests/support/fixtures';
import { allScores } from '../../../tests/support/game-day';
import { send } from '../../../tests/support/request';

const BOM = '\ufeff';
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

describe(`CSV exports (D33, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;
  let game: Game;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, player] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'player' })]);
    const res = await send(t.app, 'POST', '/api/games', {
      cookie: admin.cookie,
      payload: {
        title: 'Office Pool, 2026!',
        team_a: 'Lions',
        team_b: 'Bears',
        price_per_square: 10,
        payment_method: 'organizer',
        payment_instructions: 'Cash to Sam',
      },
    });
    game = (res.json() as { game: Game }).game;
    // A note that tries to be a formula, with a comma, a quote and a line break.
    const notes = '=HYPERLINK("http://evil.example","win"), paid\nsee you';
    expect(
      (
        await startCheckout(
          t.app,
          player,
          [
            cartOf(
              game.id,
              [
                { x: 0, y: 0 },
                { x: 3, y: 7 },
              ],
              10,
              game.title,
            ),
          ],
          notes,
        )
      ).statusCode,
    ).toBe(201);
    await send(t.app, 'POST', `/api/games/${game.id}/squares/mark-paid`, { cookie: admin.cookie, payload: { squares: [{ x: 0, y: 0 }] } });
  });
  afterAll(() => t.close());

  /** A download as the admin, or as `who` (null: a visitor). */
  const download = (kind: string, who: TestAccount | null = admin) => send(t.app, 'GET', `/api/games/${game.id}/export/${kind}.csv`, { cookie: who?.cookie });
  const lines = (text: string) => text.replace(BOM, '').split('\r\n');

  it('squares: a row per owned square, paid or not, with a file name from the title', async () => {
    const res = await download('squares');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="office-pool-2026-squares.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith(BOM)).toBe(true);
    const [header, first, second] = lines(res.body);
    expect(header).toBe('Row,Column,Position,Owner,Email,Paid,Bought at');
    expect(first).toMatch(new RegExp(`^1,1,"Row 1, column 1",${player.username},${player.email},yes,`));
    expect(second).toMatch(new RegExp(`^4,8,"Row 4, column 8",${player.username},${player.email},no,`));
  });

  it('orders: notes quoted as one cell, a formula neutralized', async () => {
    const res = await download('orders');
    expect(res.statusCode).toBe(200);
    const text = res.body.replace(BOM, '');
    expect(text.split('\r\n')[0]).toBe('Order,Created at,Buyer,Email,Method,Status,Squares,Amount (USD),Notes');
    // RFC 4180: the cell is quoted, its quotes doubled, its line break kept inside; a leading ' defuses the formula.
    expect(text).toContain('Organizer collects,"Reserved, paid to the organizer","Row 1, column 1; Row 4, column 8",20.00,');
    expect(text).toContain(`20.00,"'=HYPERLINK(""http://evil.example"",""win""), paid\nsee you"`);
    expect(text).not.toMatch(/[,"]=HYPERLINK/);
  });

  it('payouts: each confirmed quarter with its winner, amount, status and reference', async () => {
    await insertNumbers(t.db.handle, game.id, DIGITS, DIGITS, { revealed: true });
    const confirm = await send(t.app, 'POST', `/api/games/${game.id}/quarters/confirm-all`, {
      cookie: admin.cookie,
      payload: {
        scores: allScores([
          [10, 0],
          [13, 7],
          [20, 10],
          [30, 20],
        ]),
      },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const paid = await send(t.app, 'POST', `/api/games/${game.id}/quarters/1/payout/mark-paid`, {
      cookie: admin.cookie,
      payload: { reference: '+1 555 0100 Venmo' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [header, q1, q2] = lines((await download('payouts')).body);
    expect(header).toBe('Quarter,Score A,Score B,Winning square,Winner,Email,Payout (USD),Status,Reference,Paid at');
    expect(q1).toMatch(new RegExp(`^1st Quarter,10,0,"Row 1, column 1",${player.username},${player.email},[0-9.]+,[A-Za-z ]+,'\\+1 555 0100 Venmo,`));
    expect(q2).toMatch(/^2nd Quarter,13,7,"Row 4, column 8",/);
  });

  it('writes amounts as plain numbers a spreadsheet can add up: no $, no thousands separator', async () => {
    const res = await send(t.app, 'POST', '/api/games', {
      cookie: admin.cookie,
      payload: { title: 'High Roller', team_a: 'A', team_b: 'B', price_per_square: 2500, payment_method: 'organizer', payment_instructions: 'Cash to Sam' },
    });
    const big = (res.json() as { game: Game }).game;
    expect((await startCheckout(t.app, player, [cartOf(big.id, [{ x: 1, y: 1 }], 2500, big.title)])).statusCode).toBe(201);
    const orders = await send(t.app, 'GET', `/api/games/${big.id}/export/orders.csv`, { cookie: admin.cookie });
    expect(lines(orders.body)[1]).toContain(',"Row 2, column 2",2500.00,');
  });

  it('answers 401 to a visitor, 403 to a player, 404 for no game and 400 for an unknown file', async () => {
    expect((await download('squares', null)).statusCode).toBe(401);
    expect((await download('squares', player)).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/games/00000000-0000-4000-8000-000000000000/export/squares.csv', { cookie: admin.cookie })).statusCode).toBe(404);
    const unknown = await download('secrets');
    expect(unknown.statusCode).toBe(400);
  });
});
