import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDayView } from '@core/api/game-day';
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

/** Draws the numbers 0-9 on both axes, confirms four quarters' scores and marks Q1's payout paid with `reference`. */
async function drawScoreAndPayQ1(t: TestApp, admin: TestAccount, gameId: string, reference: string): Promise<void> {
  await insertNumbers(t.db.handle, gameId, DIGITS, DIGITS, { revealed: true });
  const scores = allScores([
    [10, 0],
    [13, 7],
    [20, 10],
    [30, 20],
  ]);
  const confirm = await send(t.app, 'POST', `/api/admin/games/${gameId}/periods/confirm-all`, { cookie: admin.cookie, payload: { scores } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const paid = await send(t.app, 'POST', `/api/admin/games/${gameId}/periods/1/payout/mark-paid`, { cookie: admin.cookie, payload: { reference } });
  expect(paid.statusCode, paid.body).toBe(200);
}

describe(`CSV exports (D33, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;
  let game: Game;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, player] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'player' })]);
    const res = await send(t.app, 'POST', '/api/admin/games', {
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
    await send(t.app, 'POST', `/api/admin/games/${game.id}/squares/mark-paid`, { cookie: admin.cookie, payload: { squares: [{ x: 0, y: 0 }] } });
  });
  afterAll(() => t.close());

  /** A download as the admin, or as `who` (null: a visitor). */
  const download = (kind: string, who: TestAccount | null = admin) =>
    send(t.app, 'GET', `/api/admin/games/${game.id}/export/${kind}.csv`, { cookie: who?.cookie });
  const lines = (text: string) => text.replace(BOM, '').split('\r\n');

  it('squares: a row per owned square, paid or not, with a file name from the title', async () => {
    const res = await download('squares');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="office-pool-2026-squares.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith(BOM)).toBe(true);
    const [header, first, second] = lines(res.body);
    // D35: a digit column pair per number set (one here, for every quarter), empty until drawn.
    expect(header).toBe('Row,Column,Position,Owner,Email,Paid,Bought at,Q1-Q4 Lions digits,Q1-Q4 Bears digits');
    expect(first).toMatch(new RegExp(`^1,1,"Row 1, column 1",${player.username},${player.email},Paid,[^,]+,,$`));
    expect(second).toMatch(new RegExp(`^4,8,"Row 4, column 8",${player.username},${player.email},Unpaid,[^,]+,,$`));
  });

  it("squares: each square's digits per number set, headed by the set's periods, empty until that set is drawn (D35, D36)", async () => {
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: {
        title: 'Half Pool',
        team_a: 'Lions',
        team_b: 'Bears',
        price_per_square: 10,
        board_size: 25,
        number_sets: 'halftime',
        payment_method: 'organizer',
        payment_instructions: 'Cash to Sam',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const half = (res.json() as { game: Game }).game;
    const squares = [
      { x: 0, y: 0 },
      { x: 4, y: 2 },
    ];
    expect((await startCheckout(t.app, player, [cartOf(half.id, squares, 10, half.title)])).statusCode).toBe(201);
    await send(t.app, 'POST', `/api/admin/games/${half.id}/squares/mark-paid`, { cookie: admin.cookie, payload: { squares } });
    const file = async () => lines((await send(t.app, 'GET', `/api/admin/games/${half.id}/export/squares.csv`, { cookie: admin.cookie })).body);
    const digitCells = (line: string) => line.split(',').slice(-4);

    const [header, before] = await file();
    expect(header).toBe('Row,Column,Position,Owner,Email,Paid,Bought at,Q1-Q2 Lions digits,Q1-Q2 Bears digits,Q3-Q4 Lions digits,Q3-Q4 Bears digits');
    expect(digitCells(before!)).toEqual(['', '', '', '']);

    const drawn = await send(t.app, 'POST', `/api/admin/games/${half.id}/numbers/randomize`, { cookie: admin.cookie, payload: { confirm_not_full: true } });
    expect(drawn.statusCode, drawn.body).toBe(200);
    // A 5 x 5 board: two digits per row and per column, in consecutive pairs of the drawn axis.
    const pair = (axis: readonly number[], line: number) => `${axis[2 * line]} / ${axis[2 * line + 1]}`;
    const setOne = (drawn.json() as GameDayView).digit_sets[0]!;
    const [, first, second] = await file();
    expect(digitCells(first!)).toEqual([pair(setOne.x_axis_numbers!, 0), pair(setOne.y_axis_numbers!, 0), '', '']);
    expect(digitCells(second!)).toEqual([pair(setOne.x_axis_numbers!, 4), pair(setOne.y_axis_numbers!, 2), '', '']);

    const early = await send(t.app, 'POST', `/api/admin/games/${half.id}/number-sets/2/draw`, { cookie: admin.cookie });
    expect(early.statusCode, early.body).toBe(200);
    const setTwo = (early.json() as GameDayView).digit_sets[1]!;
    const [, , afterSecond] = await file();
    expect(digitCells(afterSecond!)).toEqual([
      pair(setOne.x_axis_numbers!, 4),
      pair(setOne.y_axis_numbers!, 2),
      pair(setTwo.x_axis_numbers!, 4),
      pair(setTwo.y_axis_numbers!, 2),
    ]);
  });

  it('orders: notes quoted as one cell, a formula neutralized', async () => {
    const res = await download('orders');
    expect(res.statusCode).toBe(200);
    const text = res.body.replace(BOM, '');
    expect(text.split('\r\n')[0]).toBe('Order,Created at,Buyer,Email,Method,Status,Squares,Amount (USD),Notes');
    // RFC 4180: the cell is quoted, its quotes doubled, its line break kept inside; a leading ' defuses the formula.
    expect(text).toContain('Organizer collects,"Reserved, 1 of 2 paid","Row 1, column 1; Row 4, column 8",20.00,');
    expect(text).toContain(`20.00,"'=HYPERLINK(""http://evil.example"",""win""), paid\nsee you"`);
    expect(text).not.toMatch(/[,"]=HYPERLINK/);
  });

  it('payouts: each confirmed quarter with its winner, amount, status and reference', async () => {
    await drawScoreAndPayQ1(t, admin, game.id, '+1 555 0100 Venmo');
    const [header, q1, q2] = lines((await download('payouts')).body);
    expect(header).toBe('Quarter,Score A,Score B,Winning square,Winner,Email,Payout (USD),Status,Reference,Paid at,Owes (USD),Net (USD)');
    expect(q1).toMatch(new RegExp(`^1st Quarter,10,0,"Row 1, column 1",${player.username},${player.email},[0-9.]+,[A-Za-z ]+,'\\+1 555 0100 Venmo,`));
    expect(q2).toMatch(/^2nd Quarter,13,7,"Row 4, column 8",/);
  });

  it('writes amounts as plain numbers a spreadsheet can add up: no $, no thousands separator', async () => {
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: { title: 'High Roller', team_a: 'A', team_b: 'B', price_per_square: 2500, payment_method: 'organizer', payment_instructions: 'Cash to Sam' },
    });
    const big = (res.json() as { game: Game }).game;
    expect((await startCheckout(t.app, player, [cartOf(big.id, [{ x: 1, y: 1 }], 2500, big.title)])).statusCode).toBe(201);
    const orders = await send(t.app, 'GET', `/api/admin/games/${big.id}/export/orders.csv`, { cookie: admin.cookie });
    expect(lines(orders.body)[1]).toContain(',"Row 2, column 2",2500.00,');
  });

  it('answers 401 to a visitor, 403 to a player, 404 for no game and 400 for an unknown file', async () => {
    expect((await download('squares', null)).statusCode).toBe(401);
    expect((await download('squares', player)).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/admin/games/00000000-0000-4000-8000-000000000000/export/squares.csv', { cookie: admin.cookie })).statusCode).toBe(
      404,
    );
    const unknown = await download('secrets');
    expect(unknown.statusCode).toBe(400);
  });
});

/** Every line of every cell: what a spreadsheet could read as the start of a formula. */
const FORMULA_LINE = /(^|[\r\n])[=+\-@\t\r]/;

/**
 * Parses a download the strict way (RFC 4180 quotes, a fixed column count) with a record break at
 * any CR, LF or CRLF, as spreadsheet programs split rows: a cell with a bare line break that is
 * not quoted shows up as a row of the wrong length.
 */
function strictRows(body: string): string[][] {
  return parse(body, { bom: true, relax_quotes: false, relax_column_count: false, record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
}

describe(`CSV exports of hostile notes, names and references stay one row each, with no formula (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;
  let game: Game;
  const note = 'paid cash\n=HYPERLINK("http://evil.example")\n+1+1\n-2\n@SUM(A1)\r\n=1+1';
  const name = '=cmd|calc!A0';

  beforeAll(async () => {
    t = await createTestApp();
    [admin, player] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'player' })]);
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: {
        title: '=Evil Bowl',
        team_a: '+Lions',
        team_b: '@Bears',
        price_per_square: 10,
        payment_method: 'organizer',
        payment_instructions: 'Cash to Sam',
      },
    });
    game = (res.json() as { game: Game }).game;
    const bought = await startCheckout(t.app, player, [cartOf(game.id, [{ x: 0, y: 0 }], 10, game.title)], note);
    expect(bought.statusCode, bought.body).toBe(201);
    // No comma or quote: only the bare line break would get this cell quoted.
    const other = await testAccount(t, { prefix: 'other' });
    const plain = await startCheckout(t.app, other, [cartOf(game.id, [{ x: 2, y: 2 }], 10, game.title)], 'cash later\n=1+2');
    expect(plain.statusCode, plain.body).toBe(201);
    const assigned = await send(t.app, 'POST', `/api/admin/games/${game.id}/squares/assign`, {
      cookie: admin.cookie,
      payload: { squares: [{ x: 1, y: 1 }], to: { name, email: '-named@example.com' } },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await drawScoreAndPayQ1(t, admin, game.id, '@SUM(1+1)');
  });
  afterAll(() => t.close());

  it.each(['squares', 'orders', 'payouts'])('%s.csv parses strictly, every row as long as the header, no line of a cell starts a formula', async (kind) => {
    const res = await send(t.app, 'GET', `/api/admin/games/${game.id}/export/${kind}.csv`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const rows = strictRows(res.body);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toHaveLength(rows[0]!.length);
    const formulas = rows.flat().filter((cell) => FORMULA_LINE.test(cell));
    expect(formulas).toEqual([]);
  });

  it('the hostile texts are all there, defused line by line', async () => {
    const orders = strictRows((await send(t.app, 'GET', `/api/admin/games/${game.id}/export/orders.csv`, { cookie: admin.cookie })).body);
    const notes = orders[0]!.indexOf('Notes');
    expect(orders.map((row) => row[notes]).sort()).toEqual([
      'Notes',
      "cash later\n'=1+2",
      "paid cash\n'=HYPERLINK(\"http://evil.example\")\n'+1+1\n'-2\n'@SUM(A1)\n'=1+1",
    ]);
    const squares = strictRows((await send(t.app, 'GET', `/api/admin/games/${game.id}/export/squares.csv`, { cookie: admin.cookie })).body);
    expect(squares.flat()).toContain(`'${name} (no account)`);
    expect(squares.flat()).toContain("'-named@example.com");
    const payouts = strictRows((await send(t.app, 'GET', `/api/admin/games/${game.id}/export/payouts.csv`, { cookie: admin.cookie })).body);
    expect(payouts.flat()).toContain("'@SUM(1+1)");
  });
});
