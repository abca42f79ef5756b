/**
 * Issue 25 part 0: a game's periods come from its model. A college basketball game is played in
 * halves: H1 and H2 are confirmed (H2 is the Final and completes the game), a 3rd period is
 * refused with a clear 400, and My Winnings, the payouts CSV, the activity log and the board name
 * the halves; each half pays an even 50% share. A football game is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { ActivityResponse } from '@core/api/organizer';
import type { ConfirmAllResult, GameDayView, MyWinningsResponse } from '@core/api/game-day';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';
import { testDbKind } from '../../../tests/support/db';
import { insertGame, insertNumbers } from '../../../tests/support/fixtures';
import { allScores, sellSquares, storedGame, winnerRows } from '../../../tests/support/game-day';
import { ok, send } from '../../../tests/support/request';

/** A known draw: row x shows X_AXIS[x] (team A), column y shows Y_AXIS[y] (team B). */
const X_AXIS = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
const Y_AXIS = [2, 7, 1, 8, 0, 6, 9, 3, 5, 4];

describe(`periods per game type (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    player = await testAccount(t, { prefix: 'player' });
  });
  afterAll(() => t.close());

  const url = (gameId: string, path = '') => `/api/games/${gameId}${path}`;
  const adminUrl = (gameId: string, path = '') => `/api/admin/games/${gameId}${path}`;

  /** A full board (the player owns every square) with the known draw, revealed. */
  async function drawnGame(game_type: string): Promise<string> {
    const gameId = await insertGame(t.db.handle, { created_by: admin.id, game_type: game_type as 'nfl' });
    await sellSquares(t.db.handle, gameId, () => player.id);
    await insertNumbers(t.db.handle, gameId, X_AXIS, Y_AXIS, { by: admin.id });
    await ok(t.app, 'PUT', adminUrl(gameId, '/numbers/visibility'), admin.cookie, { revealed: true });
    return gameId;
  }

  const confirm = (gameId: string, period: number, a: number, b: number) =>
    send(t.app, 'PUT', adminUrl(gameId, `/periods/${period}`), { cookie: admin.cookie, payload: { team_a_score: a, team_b_score: b } });

  function expectError(res: { statusCode: number; json(): unknown; body: string }, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { error: { message: string } }).error.message).toBe(message);
  }

  it('confirms H1 and H2 of a college basketball game; H2 is the Final and completes the game', async () => {
    const gameId = await drawnGame('college-basketball');
    const before = await ok<GameDayView>(t.app, 'GET', adminUrl(gameId, '/game-day'), admin.cookie);
    expect(before.next_period).toBe(1);
    const pot = (await storedGame(t.db.handle, gameId)).total_pot_cents;

    expectError(await confirm(gameId, 2, 40, 31), 409, 'Confirm H1 before H2.');
    const first = await confirm(gameId, 1, 37, 30);
    expect(first.statusCode, first.body).toBe(200);
    const afterH1 = first.json() as GameDayView;
    expect(afterH1.next_period).toBe(2);
    expect(afterH1.game.is_active).toBe(true);
    expect(afterH1.results.map((r) => [r.period, r.payout_amount_cents])).toEqual([[1, Math.floor(pot / 2)]]);
    expect(afterH1.results[0]!.payout_amount_cents).toBe(Math.floor(pot / 2));

    const second = await confirm(gameId, 2, 71, 68);
    expect(second.statusCode, second.body).toBe(200);
    const afterH2 = second.json() as GameDayView;
    expect(afterH2.next_period).toBeNull();
    expect(afterH2.game.is_active).toBe(false);
    expect((await winnerRows(t.db.handle, gameId)).map((w) => w.period)).toEqual([1, 2]);
  });

  it('refuses a 3rd or 4th period for a game in halves with a clear 400, and Confirm All takes exactly its two halves', async () => {
    const gameId = await drawnGame('college-basketball');
    await confirm(gameId, 1, 37, 30);
    await confirm(gameId, 2, 71, 68);
    for (const period of [3, 4]) {
      const res = await confirm(gameId, period, 80, 70);
      expectError(res, 400, `This game is played in halves: it has no period ${period}.`);
    }
    expect(await winnerRows(t.db.handle, gameId)).toHaveLength(2);

    const other = await drawnGame('college-basketball');
    const four = await send(t.app, 'POST', adminUrl(other, '/periods/confirm-all'), {
      cookie: admin.cookie,
      payload: {
        scores: allScores([
          [10, 7],
          [20, 14],
          [30, 21],
          [40, 28],
        ]),
      },
    });
    expectError(four, 400, 'This game is played in halves: it has no period 3.');
    const one = await send(t.app, 'POST', adminUrl(other, '/periods/confirm-all'), { cookie: admin.cookie, payload: { scores: allScores([[10, 7]]) } });
    expect(one.statusCode, one.body).toBe(400);
    expect(await winnerRows(t.db.handle, other)).toEqual([]);
    const both = await ok<ConfirmAllResult>(t.app, 'POST', adminUrl(other, '/periods/confirm-all'), admin.cookie, {
      scores: allScores([
        [37, 30],
        [71, 68],
      ]),
    });
    expect(both.processed).toEqual([1, 2]);
    expect(both.failure).toBeNull();
    expect(both.view.game.is_active).toBe(false);
  });

  it('names the halves in My Winnings, the payouts CSV, the activity log and the board', async () => {
    const gameId = await drawnGame('college-basketball');
    await confirm(gameId, 1, 37, 30);
    await confirm(gameId, 2, 71, 68);

    const winnings = await ok<MyWinningsResponse>(t.app, 'GET', '/api/me/winnings', player.cookie);
    const game = winnings.games.find((g) => g.game_id === gameId)!;
    expect(game.wins.map((w) => [w.period, w.label])).toEqual([
      [1, '1st Half'],
      [2, 'Final'],
    ]);

    const csv = await send(t.app, 'GET', adminUrl(gameId, '/export/payouts.csv'), { cookie: admin.cookie });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Half,Score A,Score B,/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['1st Half', 'Final']);

    const activity = await ok<ActivityResponse>(t.app, 'GET', url(gameId, '/activity'), admin.cookie);
    const confirmations = activity.entries.filter((e) => e.action === 'confirmed').map((e) => e.message);
    expect(confirmations.some((m) => m.includes('confirmed the 1st Half'))).toBe(true);
    expect(confirmations.some((m) => m.includes('confirmed the Final'))).toBe(true);
    expect(confirmations.some((m) => /Quarter/.test(m))).toBe(false);

    const board = await ok<BoardResponse>(t.app, 'GET', url(gameId), player.cookie);
    expect(board.game.game_type).toBe('college-basketball');
  });

  it('keeps a football game in four quarters: Q4 is the Final, the CSV and My Winnings say quarters', async () => {
    const gameId = await drawnGame('nfl');
    const pot = (await storedGame(t.db.handle, gameId)).total_pot_cents;
    expectError(await confirm(gameId, 2, 7, 3), 409, 'Confirm Q1 before Q2.');
    for (const [q, a, b] of [
      [1, 7, 3],
      [2, 14, 10],
      [3, 21, 13],
    ] as const) {
      const res = await confirm(gameId, q, a, b);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as GameDayView).game.is_active).toBe(true);
    }
    const last = (await confirm(gameId, 4, 28, 17)).json() as GameDayView;
    expect(last.game.is_active).toBe(false);
    expect(last.results.map((r) => r.payout_amount_cents)).toEqual([1, 2, 3, 4].map(() => Math.floor(pot / 4)));

    const winnings = await ok<MyWinningsResponse>(t.app, 'GET', '/api/me/winnings', player.cookie);
    expect(winnings.games.find((g) => g.game_id === gameId)!.wins.map((w) => w.label)).toEqual(['1st Quarter', '2nd Quarter', '3rd Quarter', 'Final']);
    const csv = await send(t.app, 'GET', adminUrl(gameId, '/export/payouts.csv'), { cookie: admin.cookie });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Quarter,Score A,/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['1st Quarter', '2nd Quarter', '3rd Quarter', 'Final']);
  });
});
