import { sql } from 'kysely';
import { QUARTER_MODEL, type Period } from '@core/periods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { ConfirmAllResult, GameDayView, MyWinningsResponse } from '@core/api/game-day';
import { isDigitPermutation, type Digit } from '@core/grid';
import { createWinnerRecordError, GAME_DAY_ERRORS, GAME_ERRORS, SCORE_NEGATIVE, SCORE_NOT_A_NUMBER, SCORE_TOO_HIGH } from '@core/messages';
import type { PayoutScheduleId } from '@core/payout-plan';
import { payoutPlan, periodPayoutCents } from '../../../tests/support/payout-schedules';
import { CLASSIC_SHAPE, winningSquareOf } from '@core/board-shape';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { cartOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { eventually } from '../../../tests/support/sse';
import { insertGame, insertNumbers, insertUser } from '../../../tests/support/fixtures';
import { allScores, sellSquares, storedGame, winnerRows } from '../../../tests/support/game-day';
import { ok, send } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';
import { NUMBERS_LOCKS } from '@core/numbers-controls';
import { GAME_DAY_TEXTS } from './game-day.messages';

const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } };
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: "You don't have permission to access this page." } };
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: GAME_ERRORS.notFound } };

/** A known draw (D14): row x shows X_AXIS[x] (team A), column y shows Y_AXIS[y] (team B). */
const X_AXIS = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
const Y_AXIS = [2, 7, 1, 8, 0, 6, 9, 3, 5, 4];
/** D12's shares, written out independently of src/core/payouts.ts. */
const SHARES: Record<PayoutScheduleId, number[]> = { even: [25, 25, 25, 25], 'final-heavy': [20, 20, 20, 40], 'organizer-20': [20, 20, 20, 20] };

describe(`game day (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let admin2: TestAccount;
  let player: TestAccount;
  /** Owners of the other squares (rows written directly). */
  let owners: { id: string; username: string; email: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    admin2 = await testAccount(t, { prefix: 'admintwo', admin: true });
    player = await testAccount(t, { prefix: 'player' });
    owners = [];
    for (let i = 0; i < 4; i += 1) owners.push(await insertUser(t.db.handle));
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const url = (gameId: string, path = '') => `/api/games/${gameId}${path}`;
  const adminUrl = (gameId: string, path = '') => `/api/admin/games/${gameId}${path}`;

  /** Owner of each square of a full board: the player owns row 0, the others the rest by row. */
  const gameId8 = () => crypto.randomUUID().slice(0, 8);
  const ownerOf = (x: number) => (x === 0 ? player.id : owners[x % owners.length]!.id);

  async function fullGame(values: { payout_schedule?: PayoutScheduleId; price_per_square_cents?: number } = {}): Promise<string> {
    const gameId = await insertGame(t.db.handle, { created_by: admin.id, ...values });
    await sellSquares(t.db.handle, gameId, (x) => ownerOf(x));
    return gameId;
  }

  /** A full board with the known draw. */
  async function drawnGame(values: { payout_schedule?: PayoutScheduleId } = {}): Promise<string> {
    const gameId = await fullGame(values);
    await insertNumbers(t.db.handle, gameId, X_AXIS, Y_AXIS, { by: admin.id });
    return gameId;
  }

  const view = (gameId: string) => ok<GameDayView>(t.app, 'GET', adminUrl(gameId, '/game-day'), admin.cookie);
  const confirm = (gameId: string, period: number, a: number, b: number, cookie = admin.cookie) =>
    send(t.app, 'PUT', adminUrl(gameId, `/periods/${period}`), { cookie, payload: { team_a_score: a, team_b_score: b } });
  const confirmAll = (gameId: string, pairs: [number, number][]) =>
    ok<ConfirmAllResult>(t.app, 'POST', adminUrl(gameId, '/periods/confirm-all'), admin.cookie, { scores: allScores(pairs) });

  function expectError(res: { statusCode: number; json(): unknown; body: string }, status: number, code: string, message?: string) {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    if (message !== undefined) expect(body.error.message).toBe(message);
  }

  describe('authorization', () => {
    const routes = (gameId: string): [string, string, unknown?][] => [
      ['GET', adminUrl(gameId, '/game-day')],
      ['POST', adminUrl(gameId, '/numbers/randomize'), { confirm_not_full: true }],
      ['DELETE', adminUrl(gameId, '/numbers')],
      ['PUT', adminUrl(gameId, '/numbers/visibility'), { revealed: true }],
      ['PUT', adminUrl(gameId, '/periods/1'), { team_a_score: 7, team_b_score: 3 }],
      [
        'POST',
        adminUrl(gameId, '/periods/confirm-all'),
        {
          scores: allScores([
            [7, 3],
            [14, 10],
            [21, 13],
            [28, 17],
          ]),
        },
      ],
      ['POST', adminUrl(gameId, '/periods/1/payout/mark-paid'), { reference: 'Venmo 1234' }],
      ['POST', adminUrl(gameId, '/periods/1/payout/retry')],
    ];

    it('answers 401 to visitors and 403 to players on every game-day route, before looking at the body', async () => {
      const gameId = await drawnGame();
      for (const [method, path, payload] of routes(gameId)) {
        const visitor = await send(t.app, method as 'GET', path, { payload: payload ?? undefined });
        expect(visitor.statusCode, `${method} ${path}`).toBe(401);
        expect(visitor.json()).toEqual(UNAUTHORIZED);
        const asPlayer = await send(t.app, method as 'GET', path, { cookie: player.cookie, payload: method === 'GET' ? undefined : { junk: true } });
        expect(asPlayer.statusCode, `${method} ${path}`).toBe(403);
        expect(asPlayer.json()).toEqual(FORBIDDEN);
      }
      // Nothing changed.
      expect((await storedGame(t.db.handle, gameId)).numbers_revealed).toBe(false);
      expect(await winnerRows(t.db.handle, gameId)).toEqual([]);
    });

    it('answers 404 for a game that does not exist or an id that is not a UUID', async () => {
      for (const gameId of ['3f1c9f5e-0000-4000-8000-000000000000', 'not-a-uuid']) {
        for (const [method, path, payload] of routes(gameId)) {
          const res = await send(t.app, method as 'GET', path, { cookie: admin.cookie, payload });
          expect(res.statusCode, `${method} ${path}`).toBe(404);
          expect(res.json()).toEqual(NOT_FOUND);
        }
      }
    });

    it('refuses a state change from another origin', async () => {
      const gameId = await drawnGame();
      const res = await send(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), {
        cookie: admin.cookie,
        payload: { revealed: true },
        origin: 'https://evil.example',
      });
      expect(res.statusCode).toBe(403);
      expect((await storedGame(t.db.handle, gameId)).numbers_revealed).toBe(false);
    });

    it('My Winnings needs a signed-in user', async () => {
      const res = await send(t.app, 'GET', '/api/me/winnings');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    });
  });

  describe('numbers', () => {
    it('refuses a grid that is not full unless the admin confirms (D18), then draws, logs and ends sales', async () => {
      const gameId = await insertGame(t.db.handle, { created_by: admin.id });
      await sellSquares(t.db.handle, gameId, (x, y) => (x < 3 && y < 5 ? ownerOf(x) : null));
      // A buyer with an open checkout on the game: drawing cancels it (D18).
      const buyer = await testAccount(t, { prefix: 'late' });
      const started = await startCheckout(t.app, buyer, [cartOf(gameId, [{ x: 9, y: 9 }])]);
      expect(started.statusCode, started.body).toBe(201);
      const checkoutId = (started.json() as { checkout_id: string }).checkout_id;

      const refused = await send(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), { cookie: admin.cookie, payload: {} });
      expectError(refused, 409, 'GRID_NOT_FULL', GAME_DAY_TEXTS.gridNotFull(15, 100));
      expect((refused.json() as { error: { squares_claimed: number } }).error.squares_claimed).toBe(15);
      const noBody = await send(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), { cookie: admin.cookie });
      expectError(noBody, 409, 'GRID_NOT_FULL');
      expect(await db().selectFrom('game_grid_numbers').selectAll().where('game_id', '=', gameId).execute()).toEqual([]);

      const drawn = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, { confirm_not_full: true });
      expect(isDigitPermutation(drawn.numbers?.x_axis_numbers)).toBe(true);
      expect(isDigitPermutation(drawn.numbers?.y_axis_numbers)).toBe(true);
      expect(drawn.game).toMatchObject({ grid_shuffled: true, manual_numbers_set: true, numbers_revealed: false, is_active: true });
      expect(drawn.draws.map((d) => d.action)).toEqual(['drawn']);
      expect(drawn.numbers_locked).toBe(false);
      expect(drawn.next_period).toBe(1);

      const log = await db().selectFrom('grid_draws').selectAll().where('game_id', '=', gameId).execute();
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ action: 'drawn', admin_user_id: admin.id });
      expect(JSON.parse(log[0]!.x_axis_numbers!)).toEqual(drawn.numbers!.x_axis_numbers);
      expect(JSON.parse(log[0]!.y_axis_numbers!)).toEqual(drawn.numbers!.y_axis_numbers);

      // D18: the open checkout is cancelled and its hold released.
      const checkout = await db().selectFrom('checkouts').select('status').where('id', '=', checkoutId).executeTakeFirstOrThrow();
      expect(checkout.status).toBe('cancelled');
      expect(await db().selectFrom('squares').select('id').where('game_id', '=', gameId).where('status', '=', 'held').execute()).toEqual([]);

      // D13: a shuffled game can no longer be edited or deleted.
      const edit = await send(t.app, 'PATCH', adminUrl(gameId), { cookie: admin.cookie, payload: { title: 'Renamed Bowl' } });
      expectError(edit, 409, 'GAME_IN_PROGRESS', GAME_ERRORS.cannotUpdateInProgress);
      const remove = await send(t.app, 'DELETE', adminUrl(gameId), { cookie: admin.cookie });
      expectError(remove, 409, 'GAME_IN_PROGRESS', GAME_ERRORS.cannotDeleteInProgress);
    });

    it('draws a full grid without asking, and a redraw before any score is logged as another draw', async () => {
      const gameId = await fullGame();
      const first = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
      const second = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin2.cookie, {});
      expect(second.draws.map((d) => d.action)).toEqual(['drawn', 'drawn']);
      expect(isDigitPermutation(second.numbers?.x_axis_numbers)).toBe(true);
      expect(first.numbers!.generated_at <= second.numbers!.generated_at).toBe(true);
      const log = await db().selectFrom('grid_draws').select('admin_user_id').where('game_id', '=', gameId).orderBy('created_at').orderBy('id').execute();
      expect(new Set(log.map((row) => row.admin_user_id))).toEqual(new Set([admin.id, admin2.id]));
      const stored = await db().selectFrom('game_grid_numbers').selectAll().where('game_id', '=', gameId).execute();
      expect(stored).toHaveLength(1);
      expect(JSON.parse(stored[0]!.x_axis_numbers)).toEqual(second.numbers!.x_axis_numbers);
    });

    it('clears the numbers and brings the game back to selling (logged, flags reset)', async () => {
      const gameId = await fullGame();
      const drawn = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
      await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
      const cleared = await ok<GameDayView>(t.app, 'DELETE', adminUrl(gameId, '/numbers'), admin.cookie);
      expect(cleared.numbers).toBeNull();
      expect(cleared.game).toMatchObject({ grid_shuffled: false, numbers_revealed: false, manual_numbers_set: false });
      expect(cleared.draws.map((d) => d.action)).toEqual(['drawn', 'cleared']);
      const log = await db().selectFrom('grid_draws').selectAll().where('game_id', '=', gameId).where('action', '=', 'cleared').execute();
      // D38: the Clear keeps the cleared set's ticket and digits in the log (design note 030).
      expect(log).toEqual([
        expect.objectContaining({
          admin_user_id: admin.id,
          set_number: 1,
          method: 'commit-reveal',
          x_axis_numbers: JSON.stringify(drawn.numbers!.x_axis_numbers),
        }),
      ]);
      // Editable again (D13: until numbers are drawn).
      const edit = await send(t.app, 'PATCH', adminUrl(gameId), { cookie: admin.cookie, payload: { title: 'Renamed Bowl' } });
      expect(edit.statusCode, edit.body).toBe(200);
      // Clearing again changes nothing and logs nothing.
      const again = await ok<GameDayView>(t.app, 'DELETE', adminUrl(gameId, '/numbers'), admin.cookie);
      expect(again.draws).toHaveLength(2);
    });

    it('numbers players have seen are replaced only by Clear, which tells every owner by mail (D50)', async () => {
      const title = `Cleared Bowl ${gameId8()}`;
      const gameId = await insertGame(t.db.handle, { created_by: admin.id, title });
      await sellSquares(t.db.handle, gameId, (x) => ownerOf(x));
      const drawn = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
      expect(drawn.numbers_shown).toBe(false);
      // Hidden and never mailed: a redraw is still a plain redraw.
      await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
      const shown = await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
      expect(shown.numbers_shown).toBe(true);
      const refused = await send(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), { cookie: admin.cookie, payload: {} });
      expectError(refused, 409, 'NUMBERS_SHOWN', NUMBERS_LOCKS.shown);
      // Hiding them again does not unsee the mails players got.
      const hidden = await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: false });
      expect(hidden.numbers_shown).toBe(true);
      expectError(await send(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), { cookie: admin.cookie, payload: {} }), 409, 'NUMBERS_SHOWN');
      expect((await view(gameId)).numbers?.x_axis_numbers).toEqual(shown.numbers?.x_axis_numbers);

      const cleared = await ok<GameDayView>(t.app, 'DELETE', adminUrl(gameId, '/numbers'), admin.cookie);
      expect(cleared.numbers_shown).toBe(false);
      const mails = await db().selectFrom('mail_queue').select('recipient').where('subject', '=', `Numbers cleared: ${title}`).execute();
      expect(mails.map((mail) => mail.recipient).sort()).toEqual([player.email, ...owners.map((owner) => owner.email)].sort());
      // What the player reads (the trial's Dev Mailbox keeps the delivered text).
      const delivered = () =>
        db()
          .selectFrom('dev_mailbox')
          .select('text_body')
          .where('to_address', '=', player.email)
          .where('subject', '=', `Numbers cleared: ${title}`)
          .executeTakeFirst();
      await eventually(async () => (await delivered()) !== undefined, 'the numbers-cleared mail is delivered');
      expect((await delivered())!.text_body).toContain('The digits you got for your squares no longer count.');
      // Drawn again after the Clear: a fresh draw, as before any was seen.
      await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
    });

    it('reveals and hides numbers; revealing needs numbers', async () => {
      const gameId = await fullGame();
      const refused = await send(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), { cookie: admin.cookie, payload: { revealed: true } });
      expectError(refused, 409, 'NO_NUMBERS', GAME_DAY_TEXTS.revealWithoutNumbers);
      const invalid = await send(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), { cookie: admin.cookie, payload: { revealed: 'yes' } });
      expect(invalid.statusCode).toBe(400);
      await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
      expect((await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true })).game.numbers_revealed).toBe(true);
      // Players see the digits once revealed.
      const board = (await send(t.app, 'GET', url(gameId, '/board'), { cookie: player.cookie })).json() as BoardResponse;
      expect(board.numbers).not.toBeNull();
      expect((await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: false })).game.numbers_revealed).toBe(
        false,
      );
      const hidden = (await send(t.app, 'GET', url(gameId, '/board'), { cookie: player.cookie })).json() as BoardResponse;
      expect(hidden.numbers).toBeNull();
    });

    it('locks the numbers once any score exists', async () => {
      const gameId = await drawnGame();
      expect((await confirm(gameId, 1, 7, 3)).statusCode).toBe(200);
      const randomize = await send(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), { cookie: admin.cookie, payload: { confirm_not_full: true } });
      expectError(randomize, 409, 'SCORES_ENTERED', GAME_DAY_ERRORS.randomizeAfterScores);
      const clear = await send(t.app, 'DELETE', adminUrl(gameId, '/numbers'), { cookie: admin.cookie });
      expectError(clear, 409, 'SCORES_ENTERED', GAME_DAY_ERRORS.clearAfterScores);
      const current = await view(gameId);
      expect(current.numbers_locked).toBe(true);
      expect(current.numbers?.x_axis_numbers).toEqual(X_AXIS);
      expect(current.draws).toEqual([]);
    });
  });

  describe('quarters', () => {
    it("validates scores with the spec's messages and the quarter number", async () => {
      const gameId = await drawnGame();
      const cases: [unknown, string][] = [
        [{ team_a_score: -1, team_b_score: 3 }, SCORE_NEGATIVE],
        [{ team_a_score: 7, team_b_score: 200 }, SCORE_TOO_HIGH],
        [{ team_a_score: 'abc', team_b_score: 3 }, SCORE_NOT_A_NUMBER],
        [{ team_a_score: 7 }, SCORE_NOT_A_NUMBER],
      ];
      for (const [payload, message] of cases) {
        const res = await send(t.app, 'PUT', adminUrl(gameId, '/periods/1'), { cookie: admin.cookie, payload });
        expectError(res, 400, 'VALIDATION_ERROR', message);
      }
      expectError(await confirm(gameId, 5, 7, 3), 400, 'VALIDATION_ERROR', GAME_DAY_TEXTS.periodInvalid);
      const partial = await send(t.app, 'POST', adminUrl(gameId, '/periods/confirm-all'), {
        cookie: admin.cookie,
        payload: { scores: { 1: { team_a_score: 7, team_b_score: 3 } } },
      });
      expectError(partial, 400, 'VALIDATION_ERROR', GAME_DAY_TEXTS.everyScoreRequired);
      // Strings of digits are what the score boxes hold.
      expect((await confirm(gameId, 1, '14' as unknown as number, '07' as unknown as number)).statusCode).toBe(200);
      expect((await view(gameId)).results[0]).toMatchObject({ team_a_score: 14, team_b_score: 7 });
      expect(await winnerRows(t.db.handle, gameId)).toHaveLength(1);
    });

    it('needs numbers, and takes new quarters only in order (D19)', async () => {
      const gameId = await fullGame();
      expectError(await confirm(gameId, 1, 7, 3), 409, 'NO_NUMBERS', GAME_DAY_TEXTS.scoresNeedNumbers);
      await insertNumbers(t.db.handle, gameId, X_AXIS, Y_AXIS);
      expectError(await confirm(gameId, 2, 7, 3), 409, 'QUARTER_OUT_OF_ORDER', 'Confirm Q1 before Q2.');
      expect((await confirm(gameId, 1, 7, 3)).statusCode).toBe(200);
      expectError(await confirm(gameId, 4, 7, 3), 409, 'QUARTER_OUT_OF_ORDER', 'Confirm Q2 before Q4.');
      expect((await view(gameId)).next_period).toBe(2);
    });

    it('plays a full game on known numbers: winners per D15, payouts per schedule rounded down, game completed', async () => {
      const gameId = await drawnGame({ payout_schedule: 'final-heavy' });
      await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
      const game = await storedGame(t.db.handle, gameId);
      expect(game.total_pot_cents).toBe(100_000);
      const scores: [number, number][] = [
        [7, 3], // digits 7, 3: row of 7 is 9, column of 3 is 7
        [14, 10], // 4, 0: row 2, column 4
        [24, 17], // 4, 7: row 2, column 1
        [31, 28], // 1, 8: row 1, column 3
      ];
      const expected = [
        { x: 9, y: 7 },
        { x: 2, y: 4 },
        { x: 2, y: 1 },
        { x: 1, y: 3 },
      ];
      let last: GameDayView | undefined;
      for (const [i, [a, b]] of scores.entries()) {
        const period = (i + 1) as Period;
        const res = await confirm(gameId, period, a, b);
        expect(res.statusCode, res.body).toBe(200);
        last = res.json() as GameDayView;
        const result = last.results.find((r) => r.period === period)!;
        const owner = ownerOf(expected[i]!.x);
        const ownerRow = owner === player.id ? player : owners.find((o) => o.id === owner)!;
        expect(result).toMatchObject({
          team_a_score: a,
          team_b_score: b,
          winning_numbers_x: a % 10,
          winning_numbers_y: b % 10,
          square_x: expected[i]!.x,
          square_y: expected[i]!.y,
          winner_id: owner,
          winner_name: ownerRow.username,
          winner_email: ownerRow.email,
          payout_amount_cents: periodPayoutCents(100_000, 'final-heavy', period),
          payout_status: 'pending',
          payout_reference: null,
          retry_count: 0,
          paid_at: null,
        });
        expect(winningSquareOf(CLASSIC_SHAPE, { xAxisNumbers: X_AXIS as Digit[], yAxisNumbers: Y_AXIS as Digit[] }, a, b)).toEqual(expected[i]);
        expect(last.game.is_active).toBe(period !== 4);
      }
      expect(last!.results.map((r) => r.payout_amount_cents)).toEqual([20_000, 20_000, 20_000, 40_000]);
      expect(last!.next_period).toBeNull();
      expect(last!.game).toMatchObject({ is_active: false, manual_numbers_set: true, grid_shuffled: true });

      // Stored as the board and the payout need them.
      const rows = await winnerRows(t.db.handle, gameId);
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        const square = await db().selectFrom('squares').select(['x', 'y', 'user_id']).where('id', '=', row.winning_square_id!).executeTakeFirstOrThrow();
        expect(square).toEqual({ x: row.square_x, y: row.square_y, user_id: row.user_id });
        expect(row).toMatchObject({ payout_provider: 'manual', admin_user_id: admin.id });
      }
      const scoreRows = await db().selectFrom('period_scores').selectAll().where('game_id', '=', gameId).orderBy('period').execute();
      expect(scoreRows.map((s) => [s.team_a_last_digit, s.team_b_last_digit, s.entered_by])).toEqual(scores.map(([a, b]) => [a % 10, b % 10, admin.id]));

      // The board shows the winners (revealed numbers).
      const board = (await send(t.app, 'GET', url(gameId, '/board'), { cookie: player.cookie })).json() as BoardResponse;
      expect(board.winners.map((w) => [w.period, w.square_x, w.square_y])).toEqual(expected.map((s, i) => [i + 1, s.x, s.y]));
      expect(board.winners[0]!.winner_username).toBe(owners[9 % owners.length]!.username);
      expect(board.winners[0]).toMatchObject({ team_a_score: 7, team_b_score: 3, payout_amount_cents: 20_000, payout_status: 'pending' });
      expect(board.game.is_active).toBe(false);
      // Completed: no more numbers.
      expectError(
        await send(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), { cookie: admin.cookie, payload: { confirm_not_full: true } }),
        409,
        'SCORES_ENTERED',
      );
    });

    it('rounds each payout down under every schedule, never paying out more than the pot', async () => {
      for (const schedule of ['even', 'final-heavy', 'organizer-20'] as const) {
        const gameId = await insertGame(t.db.handle, { created_by: admin.id, payout_schedule: schedule, price_per_square_cents: 700 });
        // 37 squares sold at $7: a pot of $259.00.
        await sellSquares(t.db.handle, gameId, (x, y) => (x * 10 + y < 37 ? ownerOf(0) : null));
        await insertNumbers(t.db.handle, gameId, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // Scores whose squares are sold: (0,0), (0,1), (1,0), (2,5).
        const result = await confirmAll(gameId, [
          [0, 0],
          [10, 1],
          [1, 10],
          [2, 5],
        ]);
        expect(result.failure).toBeNull();
        const plan = payoutPlan(25_900, schedule);
        expect(result.view.results.map((r) => r.payout_amount_cents)).toEqual(plan.periods.map((q) => q.cents));
        const paid = result.view.results.reduce((sum, r) => sum + r.payout_amount_cents, 0);
        expect(paid).toBeLessThanOrEqual(25_900);
        for (const r of result.view.results) expect(r.payout_amount_cents).toBe(Math.floor((25_900 * SHARES[schedule][r.period - 1]!) / 100));
      }
    });

    it('finds the winners of randomized numbers from the stored draw', async () => {
      const gameId = await fullGame();
      const drawn = await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
      const stored = await db().selectFrom('game_grid_numbers').selectAll().where('game_id', '=', gameId).executeTakeFirstOrThrow();
      const xAxis = JSON.parse(stored.x_axis_numbers) as number[];
      const yAxis = JSON.parse(stored.y_axis_numbers) as number[];
      expect(drawn.numbers?.x_axis_numbers).toEqual(xAxis);
      const scores: [number, number][] = [
        [3, 0],
        [10, 7],
        [13, 14],
        [27, 24],
      ];
      const result = await confirmAll(gameId, scores);
      expect(result.processed).toEqual([1, 2, 3, 4]);
      expect(result.failure).toBeNull();
      for (const [i, [a, b]] of scores.entries()) {
        const x = xAxis.indexOf(a % 10);
        const y = yAxis.indexOf(b % 10);
        expect(result.view.results[i]).toMatchObject({ square_x: x, square_y: y, winner_id: ownerOf(x), payout_amount_cents: 25_000 });
      }
      expect(result.view.game.is_active).toBe(false);
    });

    it('pays 0 and completes a quarter whose square nobody bought (D24)', async () => {
      const gameId = await insertGame(t.db.handle, { created_by: admin.id });
      await sellSquares(t.db.handle, gameId, (x) => (x < 5 ? ownerOf(x) : null));
      await insertNumbers(t.db.handle, gameId, X_AXIS, Y_AXIS);
      await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
      // Team A 7 → row 9: unsold.
      const result = (await confirm(gameId, 1, 7, 3)).json() as GameDayView;
      expect(result.results[0]).toMatchObject({
        square_x: 9,
        square_y: 7,
        winner_id: null,
        winner_name: null,
        winner_email: null,
        payout_amount_cents: 0,
        payout_status: 'completed',
      });
      const [row] = await winnerRows(t.db.handle, gameId);
      expect(row).toMatchObject({ user_id: null, winning_square_id: null, payout_amount_cents: 0, payout_status: 'completed' });
      const board = (await send(t.app, 'GET', url(gameId, '/board'))).json() as BoardResponse;
      expect(board.winners).toEqual([expect.objectContaining({ period: 1, winner_username: null, payout_amount_cents: 0, payout_status: 'completed' })]);

      // No money moved, so a mistyped score that landed on the unsold square can still be fixed
      // (D19): row 0's digit for team A makes row 0's owner the winner, payout pending.
      const corrected = await confirm(gameId, 1, X_AXIS[0]!, 3);
      expect(corrected.statusCode).toBe(200);
      expect((corrected.json() as GameDayView).results[0]).toMatchObject({ square_x: 0, winner_id: ownerOf(0), payout_status: 'pending' });
      expect((corrected.json() as GameDayView).results[0]!.payout_amount_cents).toBeGreaterThan(0);
    });

    it('confirming the same quarter twice keeps one winner and changes nothing', async () => {
      const gameId = await drawnGame();
      const first = (await confirm(gameId, 1, 7, 3)).json() as GameDayView;
      const before = await winnerRows(t.db.handle, gameId);
      const second = await confirm(gameId, 1, 7, 3, admin2.cookie);
      expect(second.statusCode).toBe(200);
      expect((second.json() as GameDayView).results).toEqual(first.results);
      expect(await winnerRows(t.db.handle, gameId)).toEqual(before);

      // Confirm All twice with the same scores: the same four winners.
      const all = await confirmAll(gameId, [
        [7, 3],
        [14, 10],
        [24, 17],
        [31, 28],
      ]);
      const rows = await winnerRows(t.db.handle, gameId);
      const again = await confirmAll(gameId, [
        [7, 3],
        [14, 10],
        [24, 17],
        [31, 28],
      ]);
      expect(again.processed).toEqual([1, 2, 3, 4]);
      expect(again.failure).toBeNull();
      expect(again.view).toEqual(all.view);
      expect(await winnerRows(t.db.handle, gameId)).toEqual(rows);
      expect(rows[0]!.id).toBe(before[0]!.id);
    });

    it('two admins confirming at once make one winner per quarter, with no server error', async () => {
      const gameId = await drawnGame();
      const same = await Promise.all([confirm(gameId, 1, 7, 3), confirm(gameId, 1, 7, 3, admin2.cookie), confirm(gameId, 1, 7, 3)]);
      expect(same.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(await winnerRows(t.db.handle, gameId)).toHaveLength(1);

      // Different scores for the same new quarter: one confirms, the other corrects; still one row.
      const different = await Promise.all([confirm(gameId, 2, 14, 10), confirm(gameId, 2, 24, 17, admin2.cookie)]);
      expect(different.map((res) => res.statusCode)).toEqual([200, 200]);
      const rows = await winnerRows(t.db.handle, gameId);
      expect(rows.map((r) => r.period)).toEqual([1, 2]);
      const q2 = await db().selectFrom('period_scores').selectAll().where('game_id', '=', gameId).where('period', '=', 2).executeTakeFirstOrThrow();
      // The winner record matches whichever score was written last.
      const square = winningSquareOf(CLASSIC_SHAPE, { xAxisNumbers: X_AXIS as Digit[], yAxisNumbers: Y_AXIS as Digit[] }, q2.team_a_score, q2.team_b_score);
      expect(rows[1]).toMatchObject({ square_x: square.x, square_y: square.y, user_id: ownerOf(square.x) });

      // Two Confirm Alls at once.
      const other = await drawnGame();
      const pairs: [number, number][] = [
        [7, 3],
        [14, 10],
        [24, 17],
        [31, 28],
      ];
      const results = await Promise.all([
        send(t.app, 'POST', adminUrl(other, '/periods/confirm-all'), { cookie: admin.cookie, payload: { scores: allScores(pairs) } }),
        send(t.app, 'POST', adminUrl(other, '/periods/confirm-all'), { cookie: admin2.cookie, payload: { scores: allScores(pairs) } }),
      ]);
      for (const res of results) {
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as ConfirmAllResult).failure).toBeNull();
      }
      expect((await winnerRows(t.db.handle, other)).map((r) => r.period)).toEqual([1, 2, 3, 4]);
    });

    it('a failure on Q2 stops Q3 and Q4; Confirm All again finishes the game', async () => {
      const gameId = await drawnGame();
      await injectFault(2);
      try {
        const failed = await confirmAll(gameId, [
          [7, 3],
          [14, 10],
          [24, 17],
          [31, 28],
        ]);
        expect(failed.processed).toEqual([1]);
        expect(failed.failure).toEqual({ period: 2, message: createWinnerRecordError(2, QUARTER_MODEL) });
        expect(failed.view.results.map((r) => r.period)).toEqual([1]);
        expect(failed.view.next_period).toBe(2);
        expect(failed.view.game.is_active).toBe(true);
        // Q2's score went with its winner record (one transaction per quarter).
        const scores = await db().selectFrom('period_scores').select('period').where('game_id', '=', gameId).execute();
        expect(scores.map((s) => s.period)).toEqual([1]);
        // The single-quarter route says the same, without a stack trace.
        const single = await confirm(gameId, 2, 14, 10);
        expectError(single, 500, 'QUARTER_PROCESSING_FAILED', createWinnerRecordError(2, QUARTER_MODEL));
      } finally {
        await removeFault();
      }
      const retried = await confirmAll(gameId, [
        [7, 3],
        [14, 10],
        [24, 17],
        [31, 28],
      ]);
      expect(retried.processed).toEqual([1, 2, 3, 4]);
      expect(retried.failure).toBeNull();
      expect(retried.view.results.map((r) => r.period)).toEqual([1, 2, 3, 4]);
      expect(retried.view.game.is_active).toBe(false);
      expect(await winnerRows(t.db.handle, gameId)).toHaveLength(4);
    });

    it('a refused quarter in Confirm All is reported with its reason', async () => {
      const gameId = await drawnGame();
      await confirm(gameId, 1, 7, 3);
      await db().updateTable('game_winners').set({ payout_status: 'completed' }).where('game_id', '=', gameId).execute();
      const result = await confirmAll(gameId, [
        [8, 3],
        [14, 10],
        [24, 17],
        [31, 28],
      ]);
      expect(result.processed).toEqual([]);
      expect(result.failure).toEqual({ period: 1, message: GAME_DAY_TEXTS.payoutDoneNoCorrection(1, QUARTER_MODEL) });
    });

    it('a corrected score recomputes the winner and the payout; a completed payout locks the score', async () => {
      const gameId = await drawnGame();
      await confirm(gameId, 1, 7, 3);
      const [before] = await winnerRows(t.db.handle, gameId);
      expect(before).toMatchObject({ square_x: 9, square_y: 7, user_id: ownerOf(9) });

      // 0-0: row of 0 is 3, column of 0 is 4.
      const corrected = (await confirm(gameId, 1, 10, 20, admin2.cookie)).json() as GameDayView;
      expect(corrected.results[0]).toMatchObject({
        team_a_score: 10,
        team_b_score: 20,
        square_x: 3,
        square_y: 4,
        winner_id: ownerOf(3),
        payout_status: 'pending',
        payout_amount_cents: 25_000,
      });
      const [after] = await winnerRows(t.db.handle, gameId);
      expect(after).toMatchObject({
        id: before!.id,
        square_x: 3,
        square_y: 4,
        user_id: ownerOf(3),
        winning_numbers_x: 0,
        winning_numbers_y: 0,
        admin_user_id: admin2.id,
      });
      expect(await winnerRows(t.db.handle, gameId)).toHaveLength(1);

      // A correction with the same last digits keeps the same winner and its payout.
      const sameDigits = (await confirm(gameId, 1, 20, 30)).json() as GameDayView;
      expect(sameDigits.results[0]).toMatchObject({ team_a_score: 20, team_b_score: 30, square_x: 3, square_y: 4 });

      // Once paid, the score is final (D19).
      await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/periods/1/payout/mark-paid'), admin.cookie, { reference: 'Cash' });
      expectError(await confirm(gameId, 1, 7, 3), 409, 'PAYOUT_COMPLETED', GAME_DAY_TEXTS.payoutDoneNoCorrection(1, QUARTER_MODEL));
      expect((await view(gameId)).results[0]).toMatchObject({ team_a_score: 20, team_b_score: 30, payout_status: 'completed' });
    });

    it('corrects the last quarter of a completed game while its payout is pending', async () => {
      const gameId = await drawnGame();
      await confirmAll(gameId, [
        [7, 3],
        [14, 10],
        [24, 17],
        [31, 28],
      ]);
      const corrected = (await confirm(gameId, 4, 35, 28)).json() as GameDayView;
      expect(corrected.results[3]).toMatchObject({ team_a_score: 35, square_x: 4, square_y: 3 });
      expect(corrected.game.is_active).toBe(false);
    });
  });

  describe('live updates', () => {
    it('tells boards after each change has committed, and not for a repeat that changes nothing', async () => {
      const gameId = await fullGame();
      await t.app.gameEvents.ready();
      const heard: { reason: string; winners: Promise<number> }[] = [];
      // A game's subscribers hear each change once (on PostgreSQL through NOTIFY, like a board's stream).
      const stop = t.app.gameEvents.subscribe(gameId, (event) => {
        // What a board re-reading now would see.
        const winners = db()
          .selectFrom('game_winners')
          .select('id')
          .where('game_id', '=', gameId)
          .execute()
          .then((rows) => rows.length);
        heard.push({ reason: event.reason, winners });
      });
      const reasons = (from = 0) => heard.slice(from).map((e) => e.reason);
      try {
        await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
        await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
        await eventually(() => reasons().filter((r) => r === 'numbers').length === 2, 'randomize and reveal are heard');

        await confirm(gameId, 1, 7, 3);
        await eventually(() => reasons(2).includes('winners'), 'the confirmed quarter is heard');
        expect(await Promise.all(heard.slice(2).map((e) => e.winners))).not.toContain(0);

        // The same scores again change nothing and say nothing; Mark Paid says processing and completed.
        const before = heard.length;
        await confirm(gameId, 1, 7, 3);
        await ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/periods/1/payout/mark-paid'), admin.cookie, {});
        await eventually(() => heard.length >= before + 2, 'the payout is heard');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(reasons(before)).toEqual(['winners', 'winners']);
      } finally {
        stop();
      }
    });
  });

  describe('My Winnings', () => {
    it("groups the player's wins per game with labels, badges (Paid / Pending) and the total", async () => {
      const fresh = await testAccount(t, { prefix: 'winner' });
      const empty = await ok<MyWinningsResponse>(t.app, 'GET', '/api/me/winnings', fresh.cookie);
      expect(empty).toEqual({ total_cents: 0, games: [] });

      // Older game: the fresh player owns row 9 (team A digit 7) and wins Q1 and Q4.
      const older = await insertGame(t.db.handle, { created_by: admin.id, title: 'Older Bowl', created_at: new Date(Date.now() - 60_000).toISOString() });
      await sellSquares(t.db.handle, older, (x) => (x === 9 ? fresh.id : ownerOf(x)));
      await insertNumbers(t.db.handle, older, X_AXIS, Y_AXIS);
      await ok<GameDayView>(t.app, 'PUT', adminUrl(older, '/numbers/visibility'), admin.cookie, { revealed: true });
      await confirmAll(older, [
        [7, 3],
        [14, 10],
        [24, 17],
        [37, 28],
      ]);
      await ok<GameDayView>(t.app, 'POST', adminUrl(older, '/periods/1/payout/mark-paid'), admin.cookie, {});
      // Newer game, even schedule at $5: wins Q2.
      const newer = await insertGame(t.db.handle, { created_by: admin.id, title: 'Newer Bowl', price_per_square_cents: 500 });
      await sellSquares(t.db.handle, newer, (x) => (x === 2 ? fresh.id : ownerOf(x)));
      await insertNumbers(t.db.handle, newer, X_AXIS, Y_AXIS);
      await ok<GameDayView>(t.app, 'PUT', adminUrl(newer, '/numbers/visibility'), admin.cookie, { revealed: true });
      await confirm(newer, 1, 7, 3);
      await confirm(newer, 2, 14, 10);
      // A game this player has no win in is not listed.
      await drawnGame();

      const mine = await ok<MyWinningsResponse>(t.app, 'GET', '/api/me/winnings', fresh.cookie);
      expect(mine).toEqual({
        total_cents: 25_000 + 25_000 + 12_500,
        games: [
          {
            game_id: newer,
            title: 'Newer Bowl',
            team_a: 'Eagles',
            team_b: 'Chiefs',
            wins: [{ period: 2, label: '2nd Quarter', amount_cents: 12_500, badge: 'Pending' }],
          },
          {
            game_id: older,
            title: 'Older Bowl',
            team_a: 'Eagles',
            team_b: 'Chiefs',
            wins: [
              { period: 1, label: '1st Quarter', amount_cents: 25_000, badge: 'Paid' },
              { period: 4, label: 'Final', amount_cents: 25_000, badge: 'Pending' },
            ],
          },
        ],
      });

      // 'paid' (the spec's other done state) is Paid as well (D23); failed and processing are Pending.
      await db().updateTable('game_winners').set({ payout_status: 'paid' }).where('game_id', '=', older).where('period', '=', 4).execute();
      await db().updateTable('game_winners').set({ payout_status: 'failed' }).where('game_id', '=', newer).where('period', '=', 2).execute();
      const later = await ok<MyWinningsResponse>(t.app, 'GET', '/api/me/winnings', fresh.cookie);
      expect(later.games[1]!.wins.map((w) => w.badge)).toEqual(['Paid', 'Paid']);
      expect(later.games[0]!.wins.map((w) => w.badge)).toEqual(['Pending']);

      // Another player sees only their own wins.
      const others = await ok<MyWinningsResponse>(t.app, 'GET', '/api/me/winnings', player.cookie);
      expect(others.games.every((g) => g.game_id !== older || g.wins.every((w) => w.period !== 1))).toBe(true);
    });
  });

  describe('when results show (docs/decisions/006-when-results-show.md)', () => {
    it('a confirmed win shows on My Winnings exactly when the board shows it: numbers revealed', async () => {
      const fresh = await testAccount(t, { prefix: 'hidden' });
      const gameId = await insertGame(t.db.handle, { created_by: admin.id, title: 'Hidden Bowl' });
      // Row 9 (team A digit 7) is the fresh player's: Q1 7-3 is theirs.
      await sellSquares(t.db.handle, gameId, (x) => (x === 9 ? fresh.id : ownerOf(x)));
      await insertNumbers(t.db.handle, gameId, X_AXIS, Y_AXIS);
      expect((await confirm(gameId, 1, 7, 3)).statusCode).toBe(200);

      const winnings = () => ok<MyWinningsResponse>(t.app, 'GET', '/api/me/winnings', fresh.cookie);
      const boardWinners = async () => (await ok<BoardResponse>(t.app, 'GET', url(gameId, '/board'), fresh.cookie)).winners;
      // Numbers hidden: neither the board nor My Winnings gives the result away.
      expect(await boardWinners()).toEqual([]);
      expect(await winnings()).toEqual({ total_cents: 0, games: [] });

      await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
      expect((await boardWinners()).map((w) => [w.period, w.winner_username])).toEqual([[1, fresh.username]]);
      const shown = await winnings();
      expect(shown.total_cents).toBe(25_000);
      expect(shown.games.map((g) => [g.game_id, g.wins.map((w) => w.label)])).toEqual([[gameId, ['1st Quarter']]]);

      // Hidden again: both hide it again.
      await ok<GameDayView>(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: false });
      expect(await boardWinners()).toEqual([]);
      expect(await winnings()).toEqual({ total_cents: 0, games: [] });
    });
  });

  /** Makes every winner record of `quarter` fail to write (a database fault in the middle of processing). */
  async function injectFault(period: number): Promise<void> {
    const q = sql.lit(period);
    if (testDbKind === 'sqlite') {
      await sql`create trigger fail_period before insert on game_winners when new.period = ${q} begin select raise(abort, 'injected fault'); end`.execute(db());
    } else {
      await sql`create or replace function fail_period() returns trigger language plpgsql as $$ begin if new.period = ${q} then raise exception 'injected fault'; end if; return new; end $$`.execute(
        db(),
      );
      await sql`create trigger fail_period before insert on game_winners for each row execute function fail_period()`.execute(db());
    }
  }

  async function removeFault(): Promise<void> {
    await sql`drop trigger ${sql.raw(testDbKind === 'sqlite' ? 'fail_period' : 'fail_period on game_winners')}`.execute(db());
  }
});
