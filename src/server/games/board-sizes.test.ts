import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { CheckoutCreated } from '@core/api/checkout';
import type { GameDayView, PeriodResult } from '@core/api/game-day';
import type { Game } from '@core/api/games';
import type { MySquaresResponse } from '@core/api/my-squares';
import type { Assigned } from '@core/api/organizer';
import { BOARD_SIZE_ERRORS, GAME_PRICE_LOCKED } from '@core/messages';
import { RANDOM_PICK_ERRORS } from '@core/random-pick';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, expectCountersMatch, payWith, sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { sellSquares } from '../../../tests/support/game-day';
import { insertUser } from '../../../tests/support/fixtures';
import { createGameAs, send } from '../../../tests/support/request';

type Res = { statusCode: number; body: string; json(): unknown };

/** Every square of a board of `rows` x `columns`, row by row (written out here, not taken from the core). */
const everySquare = (rows: number, columns: number) => Array.from({ length: rows * columns }, (_, i) => ({ x: Math.floor(i / columns), y: i % columns }));

/**
 * The winning square of a drawn board, found square by square as D36 says it (independently of
 * board-shape.ts): the row whose digits include team A's last digit and the column whose digits
 * include team B's, a line of k digits holding the drawn order's positions i*k .. i*k+k-1.
 */
function expectedWinner(game: Game, numbers: { readonly x_axis_numbers: readonly number[]; readonly y_axis_numbers: readonly number[] }, a: number, b: number) {
  const rowDigits = (x: number) => numbers.x_axis_numbers.slice(x * game.digits_per_row, (x + 1) * game.digits_per_row);
  const columnDigits = (y: number) => numbers.y_axis_numbers.slice(y * game.digits_per_column, (y + 1) * game.digits_per_column);
  const carrying = everySquare(game.board_rows, game.board_columns).filter(({ x, y }) => rowDigits(x).includes(a % 10) && columnDigits(y).includes(b % 10));
  expect(carrying).toHaveLength(1);
  return carrying[0]!;
}

/**
 * D36 on both databases, through real HTTP: games of 25 and 50 squares made and edited (the size
 * locked with the price), squares bought inside the board and refused outside it on every route
 * that takes coordinates, caps, sold out at 25, the organizer's tools on a 5 x 10 board, the
 * export of a 25 board, and the winner confirmed on 50 and 25 boards.
 */
describe(`board sizes (D36, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, alice, bob] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'alice' }), testAccount(t, { prefix: 'bob' })]);
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) => send(t.app, method, url, { cookie: admin.cookie, payload });

  function expectError(res: Res, status: number, code: string, message?: string | RegExp) {
    expect(res.statusCode, res.body).toBe(status);
    const { error } = res.json() as { error: { code: string; message: string } };
    expect(error.code).toBe(code);
    if (typeof message === 'string') expect(error.message).toBe(message);
    else if (message) expect(error.message).toMatch(message);
  }

  const newGame = (values: Record<string, unknown> = {}): Promise<Game> => createGameAs(t.app, admin.cookie, 'Small Board', values);
  const organizerGame = (values: Record<string, unknown> = {}) => newGame({ payment_method: 'organizer', payment_instructions: 'Cash to Coach K', ...values });
  const board = async (gameId: string) => (await send(t.app, 'GET', `/api/games/${gameId}/board`)).json() as BoardResponse;

  async function cardSale(buyer: TestAccount, game: Game, squares: { x: number; y: number }[]): Promise<Res> {
    const res = await startCheckout(t.app, buyer, [cartOf(game.id, squares, 10, game.title)]);
    if (res.statusCode !== 201) return res;
    const checkoutId = (res.json() as CheckoutCreated).checkout_id as string;
    const paid = await payWith(t.app, buyer, await sessionIdOf(t.db.handle, checkoutId));
    expect(paid.statusCode, paid.body).toBe(200);
    return res;
  }

  describe('making and editing a game', () => {
    it('makes games of 100 (the default), 50 and 25 squares, each saying its shape', async () => {
      const classic = await newGame();
      const fifty = await newGame({ board_size: 50 });
      const period = await newGame({ board_size: '25' });
      const shape = (g: Game) => [g.board_size, g.board_rows, g.board_columns, g.digits_per_row, g.digits_per_column, g.squares_available];
      expect([shape(classic), shape(fifty), shape(period)]).toEqual([
        [100, 10, 10, 1, 1, 100],
        [50, 5, 10, 2, 1, 50],
        [25, 5, 5, 2, 2, 25],
      ]);
      const listed = ((await send(t.app, 'GET', '/api/games')).json() as { games: Game[] }).games.find((g) => g.id === period.id);
      expect(listed).toMatchObject({ board_size: 25, board_rows: 5, board_columns: 5 });
      expect((await board(fifty.id)).game).toMatchObject({ board_size: 50, board_rows: 5, board_columns: 10, digits_per_row: 2, digits_per_column: 1 });
    });

    it('refuses a size that is no board, and a cap larger than the board', async () => {
      const base = { title: 'Odd Board', team_a: 'Lions', team_b: 'Bears', price_per_square: 10 };
      for (const board_size of [30, 0, '10x10', null]) {
        expectError(await asAdmin('POST', '/api/admin/games', { ...base, board_size }), 400, 'VALIDATION_ERROR', BOARD_SIZE_ERRORS.invalid);
      }
      expectError(
        await asAdmin('POST', '/api/admin/games', { ...base, board_size: 25, max_squares_per_player: 26 }),
        400,
        'VALIDATION_ERROR',
        'Squares per player must be a whole number from 1 to 25, or empty for no limit',
      );
      const capped = await newGame({ board_size: 25, max_squares_per_player: 25 });
      expect(capped.max_squares_per_player).toBe(25);
    });

    it('changes the size while nothing is held or sold, then refuses with a clear message (D13, D36)', async () => {
      const game = await organizerGame({ max_squares_per_player: 40 });
      // The cap of 40 would not fit a board of 25.
      expectError(
        await asAdmin('PATCH', `/api/admin/games/${game.id}`, { board_size: 25 }),
        400,
        'BAD_REQUEST',
        'Squares per player must be a whole number from 1 to 25, or empty for no limit',
      );
      const resized = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { board_size: 50 });
      expect(resized.statusCode, resized.body).toBe(200);
      expect((resized.json() as { game: Game }).game).toMatchObject({ board_size: 50, board_rows: 5, board_columns: 10, squares_available: 50 });
      expectError(
        await asAdmin('PATCH', `/api/admin/games/${game.id}`, { max_squares_per_player: 51 }),
        400,
        'BAD_REQUEST',
        'Squares per player must be a whole number from 1 to 50, or empty for no limit',
      );

      expect((await startCheckout(t.app, alice, [cartOf(game.id, [{ x: 4, y: 9 }], 10, game.title)])).statusCode).toBe(201);
      const locked = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { board_size: 100 });
      expectError(locked, 409, 'BOARD_SIZE_LOCKED', GAME_PRICE_LOCKED);
      // Sending the stored size again is no change; other fields still change.
      const same = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { board_size: 50, title: 'Still Fifty' });
      expect(same.statusCode, same.body).toBe(200);
      expect((same.json() as { game: Game }).game).toMatchObject({ board_size: 50, title: 'Still Fifty', price_locked: true });
    });
  });

  describe('buying squares', () => {
    it('sells squares inside a board of 25 and refuses one outside it on checkout, reservation and random pick (400)', async () => {
      const game = await newGame({ board_size: 25 });
      const inside = await cardSale(alice, game, [
        { x: 0, y: 0 },
        { x: 4, y: 4 },
      ]);
      expect(inside.statusCode, inside.body).toBe(201);
      expect((await board(game.id)).game).toMatchObject({ squares_claimed: 2, squares_available: 23, total_pot_cents: 2000 });

      const offColumn = await startCheckout(t.app, bob, [
        cartOf(
          game.id,
          [
            { x: 1, y: 1 },
            { x: 0, y: 5 },
          ],
          10,
          game.title,
        ),
      ]);
      expectError(offColumn, 400, 'SQUARE_OFF_BOARD', 'Row 1, column 6 is not on this board: it has 25 squares, 5 rows x 5 columns.');
      const offRow = await startCheckout(t.app, bob, [cartOf(game.id, [{ x: 9, y: 0 }], 10, game.title)]);
      expectError(offRow, 400, 'SQUARE_OFF_BOARD', /^Row 10, column 1 is not on this board/);
      // Nothing of the refused carts was held.
      expect((await board(game.id)).squares).toHaveLength(2);

      const reserved = await organizerGame({ board_size: 50 });
      expectError(
        await startCheckout(t.app, bob, [cartOf(reserved.id, [{ x: 5, y: 0 }], 10, reserved.title)]),
        400,
        'SQUARE_OFF_BOARD',
        /50 squares, 5 rows x 10 columns/,
      );
      const ok = await startCheckout(t.app, bob, [cartOf(reserved.id, [{ x: 4, y: 9 }], 10, reserved.title)]);
      expect(ok.statusCode, ok.body).toBe(201);

      const pick = (payload: unknown) => send(t.app, 'POST', `/api/games/${game.id}/squares/random`, { cookie: bob.cookie, payload });
      expectError(await pick({ count: 1, exclude: [{ x: 7, y: 7 }] }), 400, 'SQUARE_OFF_BOARD', /^Row 8, column 8 is not on this board/);
      const picked = await pick({ count: 23 });
      expect(picked.statusCode, picked.body).toBe(200);
      const squares = (picked.json() as { squares: { x: number; y: number }[] }).squares;
      expect(squares).toHaveLength(23);
      expect(squares.every(({ x, y }) => x < 5 && y < 5)).toBe(true);
      expectError(await pick({ count: 24 }), 409, 'SQUARES_UNAVAILABLE', 'Only 23 open squares are left.');
    });

    it('applies a cap on a board of 25 like on any board (D31)', async () => {
      const game = await newGame({ board_size: 25, max_squares_per_player: 2 });
      const over = await startCheckout(t.app, bob, [
        cartOf(
          game.id,
          [
            { x: 0, y: 0 },
            { x: 0, y: 1 },
            { x: 0, y: 2 },
          ],
          10,
          game.title,
        ),
      ]);
      expectError(over, 409, 'PLAYER_LIMIT');
      expect(
        (
          await cardSale(bob, game, [
            { x: 0, y: 0 },
            { x: 0, y: 1 },
          ])
        ).statusCode,
      ).toBe(201);
    });

    it('is sold out at 25 squares: nothing left to pick, and drawing needs no "randomize anyway"', async () => {
      const game = await organizerGame({ board_size: 25 });
      const all = await asAdmin('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: everySquare(5, 5), to: { account: alice.username } });
      expect(all.statusCode, all.body).toBe(200);
      expect((all.json() as Assigned).game).toMatchObject({ squares_claimed: 25, squares_available: 0, total_pot_cents: 25000 });
      await expectCountersMatch(t.db.handle, game.id);
      expectError(
        await send(t.app, 'POST', `/api/games/${game.id}/squares/random`, { cookie: bob.cookie, payload: { count: 1 } }),
        409,
        'SQUARES_UNAVAILABLE',
        RANDOM_PICK_ERRORS.noneLeft,
      );
      const drawn = await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_unpaid: 25 });
      expect(drawn.statusCode, drawn.body).toBe(200);
    });

    it('asks "randomize anyway" of a board of 50 with 49 sold, in its own numbers', async () => {
      const game = await newGame({ board_size: 50 });
      await sellSquares(t.db.handle, game.id, (x, y) => (x === 4 && y === 9 ? null : alice.id));
      const refused = await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, {});
      expectError(refused, 409, 'GRID_NOT_FULL', /^Only 49 of 50 squares are sold\./);
    });
  });

  describe("the organizer's tools on a board of 5 x 10", () => {
    it('assigns a whole row, moves inside the board, and refuses squares off it on every tool', async () => {
      const game = await organizerGame({ board_size: 50 });
      const row = Array.from({ length: 10 }, (_, y) => ({ x: 4, y }));
      const assigned = await asAdmin('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: row, to: { account: alice.username } });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect((assigned.json() as Assigned).changed).toBe(10);

      const offBoard = /^Row 6, column 1 is not on this board: it has 50 squares, 5 rows x 10 columns\.$/;
      expectError(
        await asAdmin('POST', `/api/admin/games/${game.id}/squares/assign`, { squares: [{ x: 5, y: 0 }], to: { account: bob.username } }),
        400,
        'SQUARE_OFF_BOARD',
        offBoard,
      );
      expectError(
        await asAdmin('POST', `/api/admin/games/${game.id}/squares/move`, { from: { x: 4, y: 0 }, to: { x: 5, y: 0 } }),
        400,
        'SQUARE_OFF_BOARD',
        offBoard,
      );
      expectError(
        await asAdmin('POST', `/api/admin/games/${game.id}/squares/mark-paid`, {
          squares: [
            { x: 4, y: 0 },
            { x: 5, y: 0 },
          ],
        }),
        400,
        'SQUARE_OFF_BOARD',
        offBoard,
      );
      expectError(await asAdmin('POST', `/api/admin/games/${game.id}/squares/release`, { squares: [{ x: 5, y: 0 }] }), 400, 'SQUARE_OFF_BOARD', offBoard);

      const moved = await asAdmin('POST', `/api/admin/games/${game.id}/squares/move`, { from: { x: 4, y: 0 }, to: { x: 0, y: 9 } });
      expect(moved.statusCode, moved.body).toBe(200);
      const paid = await asAdmin('POST', `/api/admin/games/${game.id}/squares/mark-paid`, {
        squares: [
          { x: 0, y: 9 },
          { x: 4, y: 9 },
        ],
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await board(game.id)).squares.map(({ x, y }) => [x, y]).sort()).toEqual([[0, 9], ...row.slice(1).map(({ x, y }) => [x, y])].sort());
      await expectCountersMatch(t.db.handle, game.id);
    });
  });

  it('exports the squares of a board of 25, rows and columns counted from 1 within it', async () => {
    const game = await organizerGame({ board_size: 25 });
    await asAdmin('POST', `/api/admin/games/${game.id}/squares/assign`, {
      squares: [
        { x: 4, y: 4 },
        { x: 0, y: 2 },
      ],
      to: { account: alice.username },
    });
    const res = await asAdmin('GET', `/api/admin/games/${game.id}/export/squares.csv`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Row,Column,Position,Owner,Email,Paid,Bought at,Q1-Q4 Lions digits,Q1-Q4 Bears digits');
    expect(lines.slice(1).map((line) => line.slice(0, line.indexOf('"', line.indexOf('"') + 1) + 1))).toEqual([
      '1,3,"Row 1, column 3"',
      '5,5,"Row 5, column 5"',
    ]);
  });

  describe('the winner (D15, D36)', () => {
    for (const size of [50, 25] as const) {
      it(`is the square whose row carries team A's digit and whose column carries team B's, on a board of ${size}`, async () => {
        const game = await newGame({ board_size: size });
        const owners = [alice.id, bob.id, (await insertUser(t.db.handle)).id];
        const sold = await sellSquares(t.db.handle, game.id, (x, y) => owners[(x + y) % owners.length]!);
        expect(sold.size).toBe(size);
        const view = (await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, {})).json() as GameDayView;
        const numbers = view.numbers!;
        const scores: [number, number][] = [
          [7, 3],
          [14, 10],
          [21, 17],
          [38, 29],
        ];
        for (const [i, [a, b]] of scores.entries()) {
          const res = await asAdmin('PUT', `/api/admin/games/${game.id}/periods/${i + 1}`, { team_a_score: a, team_b_score: b });
          expect(res.statusCode, res.body).toBe(200);
        }
        const results = ((await asAdmin('GET', `/api/admin/games/${game.id}/game-day`)).json() as GameDayView).results as PeriodResult[];
        expect(results).toHaveLength(4);
        for (const [i, [a, b]] of scores.entries()) {
          const winner = expectedWinner(view.game, numbers, a, b);
          const result = results[i]!;
          expect([result.square_x, result.square_y]).toEqual([winner.x, winner.y]);
          expect([result.winning_numbers_x, result.winning_numbers_y]).toEqual([a % 10, b % 10]);
          expect(result.winner_id).toBe(sold.get(`${winner.x},${winner.y}`));
          // D36: the pot and each quarter's share work as on any board (even: 25% of size x $10).
          expect(result.payout_amount_cents).toBe(size * 1000 * 0.25);
        }
        // The board shows the winners where the winning squares are.
        await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true });
        const shown = await board(game.id);
        expect(shown.winners.map((w) => [w.square_x, w.square_y])).toEqual(results.map((r) => [r.square_x, r.square_y]));
        // My Squares says the board's size, for the digits of each square.
        const mine = (await send(t.app, 'GET', '/api/me/squares', { cookie: alice.cookie })).json() as MySquaresResponse;
        expect(mine.games.find((g) => g.game_id === game.id)?.board_size).toBe(size);
      });
    }
  });
});
