import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import type { GameDayView } from '@core/api/game-day';
import { deriveDigits } from '@core/draw-derivation';
import { CLASSIC_SHAPE, winningSquareOf } from '@core/board-shape';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertGame, insertUser } from '../../../tests/support/fixtures';
import { sellSquares } from '../../../tests/support/game-day';
import { ok, send } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';
import { GAME_DAY_TEXTS } from '../game-day/game-day.messages';
import { commitRevealTicket, drawBoardOf } from './digit-sets';
import { hashBoard } from './derive';

const hmac = (key: Uint8Array, message: Uint8Array) => createHmac('sha256', key).update(message).digest();

describe(`digit sets per period (D35, D38 commit-reveal) (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let owners: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    owners = [];
    for (let i = 0; i < 3; i += 1) owners.push((await insertUser(t.db.handle)).id);
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;
  const url = (gameId: string, path = '') => `/api/games/${gameId}${path}`;
  const adminUrl = (gameId: string, path = '') => `/api/admin/games/${gameId}${path}`;
  const draw = (gameId: string) => ok<GameDayView>(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), admin.cookie, {});
  const view = (gameId: string) => ok<GameDayView>(t.app, 'GET', adminUrl(gameId, '/game-day'), admin.cookie);
  async function confirm(gameId: string, period: number, a: number, b: number): Promise<GameDayView> {
    const res = await send(t.app, 'PUT', adminUrl(gameId, `/periods/${period}`), { cookie: admin.cookie, payload: { team_a_score: a, team_b_score: b } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as GameDayView;
  }

  async function game(numberSets: 'game' | 'period' | 'halftime', gameType = 'nfl'): Promise<string> {
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: {
        title: 'Sets Bowl',
        team_a: 'Eagles',
        team_b: 'Chiefs',
        price_per_square: 10,
        game_type: gameType,
        payout_schedule: 'even',
        number_sets: numberSets,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const gameId = (res.json() as { game: { id: string } }).game.id;
    await sellSquares(t.db.handle, gameId, (x, y) => owners[(x + y) % owners.length]!);
    return gameId;
  }

  /** Checks a drawn commit-reveal set from published values only (the seed once revealed). */
  async function expectVerifies(gameId: string, set: GameDayView['digit_sets'][number], seed: string) {
    expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(set.commit_hash);
    expect(hashBoard(await drawBoardOf(db(), gameId))).toBe(set.board_hash);
    const digits = deriveDigits(commitRevealTicket(gameId, set.set, set.board_hash!, set.commit_hash!, set.round!), seed, hmac);
    expect(set.x_axis_numbers).toEqual(digits.rowDigits);
    expect(set.y_axis_numbers).toEqual(digits.columnDigits);
  }

  it('shows the seed hash from creation; one set for the game draws at once, verifiable from the revealed seed', async () => {
    const gameId = await game('game');
    const before = await ok<BoardResponse>(t.app, 'GET', url(gameId, '/board'), undefined);
    expect(before.draw_commit_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.digit_sets).toEqual([]);
    const drawn = await draw(gameId);
    expect(drawn.digit_sets).toHaveLength(1);
    const [set] = drawn.digit_sets;
    expect(set).toMatchObject({ set: 1, periods_label: 'Q1-Q4', method: 'commit-reveal', commit_hash: before.draw_commit_hash, round: 1 });
    expect(drawn.numbers!.x_axis_numbers).toEqual(set!.x_axis_numbers);
    expect(set!.revealed_seed).toMatch(/^[0-9a-f]{64}$/);
    await expectVerifies(gameId, set!, set!.revealed_seed!);
    // Visitors see the ticket, not the digits, until the reveal (D16).
    const board = await ok<BoardResponse>(t.app, 'GET', url(gameId, '/board'), undefined);
    expect(board.digit_sets[0]).toMatchObject({ set: 1, board_hash: set!.board_hash, x_axis_numbers: null, revealed_seed: null });
  });

  it('a redraw after the seed is published draws under a new seed: the published one cannot foretell it, and the new draw verifies', async () => {
    const gameId = await game('game');
    const first = (await draw(gameId)).digit_sets[0]!;
    const published = first.revealed_seed!;
    // What a redraw under the published seed would give (the next draw ordinal): anyone could work it out.
    const foreseen = deriveDigits(commitRevealTicket(gameId, 1, first.board_hash!, first.commit_hash!, 2), published, hmac);

    const again = (await draw(gameId)).digit_sets[0]!;
    expect(again.round).toBe(2);
    expect(again.revealed_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(again.revealed_seed).not.toBe(published);
    expect(again.commit_hash).not.toBe(first.commit_hash);
    expect([again.x_axis_numbers, again.y_axis_numbers]).not.toEqual([foreseen.rowDigits, foreseen.columnDigits]);
    await expectVerifies(gameId, again, again.revealed_seed!);
    const board = await ok<BoardResponse>(t.app, 'GET', url(gameId, '/board'), undefined);
    expect(board.draw_commit_hash).toBe(again.commit_hash);
  });

  it('a redraw while the seed is still secret keeps it; once a later set is drawn early, Randomize is refused until a Clear', async () => {
    const gameId = await game('halftime');
    const first = (await draw(gameId)).digit_sets[0]!;
    expect(first.revealed_seed).toBeNull();
    const again = (await draw(gameId)).digit_sets[0]!;
    expect([again.commit_hash, again.round]).toEqual([first.commit_hash, 2]);

    await ok(t.app, 'POST', adminUrl(gameId, '/number-sets/2/draw'), admin.cookie, {});
    const refused = await send(t.app, 'POST', adminUrl(gameId, '/numbers/randomize'), { cookie: admin.cookie, payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: 'SET_NOT_NEXT', message: GAME_DAY_TEXTS.laterSetDrawn(2) } });
    expect((await view(gameId)).digit_sets.map((set) => [set.set, set.round])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    await ok(t.app, 'DELETE', adminUrl(gameId, '/numbers'), admin.cookie);
    expect((await draw(gameId)).digit_sets.map((set) => set.set)).toEqual([1]);
  });

  it('a set per quarter: each quarter is won under its own set, the next set drawn on confirmation, a correction re-picks from its set', async () => {
    const gameId = await game('period');
    const first = await draw(gameId);
    expect(first.digit_sets.map((s) => s.set)).toEqual([1]);
    // The seed stays secret until the last set is drawn.
    expect(first.digit_sets[0]!.revealed_seed).toBeNull();
    const afterQ1 = await confirm(gameId, 1, 7, 3);
    expect(afterQ1.digit_sets.map((s) => [s.set, s.periods_label])).toEqual([
      [1, 'Q1'],
      [2, 'Q2'],
    ]);
    const q1 = afterQ1.results.find((r) => r.period === 1)!;
    const set1 = afterQ1.digit_sets[0]!;
    expect({ x: q1.square_x, y: q1.square_y }).toEqual(
      winningSquareOf(CLASSIC_SHAPE, { xAxisNumbers: set1.x_axis_numbers!, yAxisNumbers: set1.y_axis_numbers! }, 7, 3),
    );

    const afterQ2 = await confirm(gameId, 2, 14, 10);
    const set2 = afterQ2.digit_sets[1]!;
    const q2 = afterQ2.results.find((r) => r.period === 2)!;
    expect({ x: q2.square_x, y: q2.square_y }).toEqual(
      winningSquareOf(CLASSIC_SHAPE, { xAxisNumbers: set2.x_axis_numbers!, yAxisNumbers: set2.y_axis_numbers! }, 14, 10),
    );
    // D19: a corrected score re-picks from the quarter's own set.
    const corrected = await confirm(gameId, 2, 17, 12);
    const q2b = corrected.results.find((r) => r.period === 2)!;
    expect({ x: q2b.square_x, y: q2b.square_y }).toEqual(
      winningSquareOf(CLASSIC_SHAPE, { xAxisNumbers: set2.x_axis_numbers!, yAxisNumbers: set2.y_axis_numbers! }, 17, 12),
    );
    expect(corrected.digit_sets).toHaveLength(3);
    // A correction draws nothing again: set 3 is the one drawn when Q2 was first confirmed.
    expect(corrected.digit_sets[2]).toEqual(afterQ2.digit_sets[2]);

    const last = await confirm(gameId, 3, 21, 12);
    expect(last.digit_sets.map((s) => s.set)).toEqual([1, 2, 3, 4]);
    // D17's draw summary counts set 1's draws only: later sets are not redraws.
    expect(last.draws.map((d) => d.action)).toEqual(['drawn']);
    const seed = last.digit_sets[3]!.revealed_seed!;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    // The seed, out with the last set, checks every set; each set has its own ordinal.
    expect(last.digit_sets.map((s) => s.round)).toEqual([1, 2, 3, 4]);
    for (const set of last.digit_sets) {
      expect(set.revealed_seed).toBe(seed);
      await expectVerifies(gameId, set, seed);
    }
    const q4 = await confirm(gameId, 4, 28, 15);
    const set4 = q4.digit_sets[3]!;
    const r4 = q4.results.find((r) => r.period === 4)!;
    expect({ x: r4.square_x, y: r4.square_y }).toEqual(
      winningSquareOf(CLASSIC_SHAPE, { xAxisNumbers: set4.x_axis_numbers!, yAxisNumbers: set4.y_axis_numbers! }, 28, 15),
    );
  });

  it('halftime: Q1-Q2 from set 1, Q3-Q4 from set 2 drawn when Q2 is confirmed; halves for college basketball', async () => {
    const gameId = await game('halftime');
    await draw(gameId);
    await confirm(gameId, 1, 3, 0);
    expect((await view(gameId)).digit_sets).toHaveLength(1);
    const afterQ2 = await confirm(gameId, 2, 10, 7);
    expect(afterQ2.digit_sets.map((s) => s.periods_label)).toEqual(['Q1-Q2', 'Q3-Q4']);
    const set2 = afterQ2.digit_sets[1]!;
    const q3 = (await confirm(gameId, 3, 13, 9)).results.find((r) => r.period === 3)!;
    expect({ x: q3.square_x, y: q3.square_y }).toEqual(
      winningSquareOf(CLASSIC_SHAPE, { xAxisNumbers: set2.x_axis_numbers!, yAxisNumbers: set2.y_axis_numbers! }, 13, 9),
    );

    const college = await game('halftime', 'college-basketball');
    const drawn = await draw(college);
    expect(drawn.digit_sets.map((s) => s.periods_label)).toEqual(['H1']);
  });

  it('a Clear keeps the old ticket and digits in the log; the next draw has a new seed and a new ticket', async () => {
    const gameId = await game('game');
    const first = await draw(gameId);
    const old = first.digit_sets[0]!;
    const cleared = await ok<GameDayView>(t.app, 'DELETE', adminUrl(gameId, '/numbers'), admin.cookie);
    expect(cleared.digit_sets).toEqual([]);
    const log = await db().selectFrom('grid_draws').selectAll().where('game_id', '=', gameId).orderBy('created_at').orderBy('id').execute();
    expect(log.map((row) => row.action)).toEqual(['drawn', 'cleared']);
    expect(log[1]).toMatchObject({
      set_number: 1,
      method: 'commit-reveal',
      board_hash: old.board_hash,
      commit_hash: old.commit_hash,
      round: 1,
      x_axis_numbers: JSON.stringify(old.x_axis_numbers),
      revealed_seed: old.revealed_seed,
    });
    const board = await ok<BoardResponse>(t.app, 'GET', url(gameId, '/board'), undefined);
    expect(board.draw_commit_hash).not.toBe(old.commit_hash);
    const again = await draw(gameId);
    expect(again.digit_sets[0]).toMatchObject({ commit_hash: board.draw_commit_hash, round: 2 });
  });

  it('the admin draws the next set early (D35 "or by the admin"): the same commit-reveal draw, logged; refused out of turn', async () => {
    const gameId = await game('halftime');
    const early = (set: string | number, cookie = admin.cookie) => send(t.app, 'POST', `/api/admin/games/${gameId}/number-sets/${set}/draw`, { cookie });
    const refusal = async (set: string | number, status: number, code: string, message: string) => {
      const res = await early(set);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatchObject({ code, message });
    };
    // Before set 1, a set the game does not have, a set number the route does not take, a player.
    await refusal(2, 409, 'SET_NOT_NEXT', GAME_DAY_TEXTS.firstSetFirst);
    await refusal(3, 404, 'NOT_FOUND', GAME_DAY_TEXTS.noSuchSet(3, 2));
    expect((await early('1')).statusCode).toBe(400);
    expect((await early('x')).json().error.message).toContain('The number set must be 2, 3 or 4.');
    const player = await testAccount(t, { prefix: 'player' });
    expect((await early(2, player.cookie)).statusCode).toBe(403);
    expect((await send(t.app, 'POST', `/api/admin/games/${gameId}/number-sets/2/draw`, {})).statusCode).toBe(401);

    await draw(gameId);
    const drawnNow = await ok<GameDayView>(t.app, 'POST', `/api/admin/games/${gameId}/number-sets/2/draw`, admin.cookie);
    const [first, second] = drawnNow.digit_sets;
    expect(second).toMatchObject({ set: 2, periods_label: 'Q3-Q4', method: 'commit-reveal', commit_hash: first!.commit_hash, round: 2 });
    expect(second!.x_axis_numbers).toHaveLength(10);
    // The last set publishes the seed: both sets verify from it.
    await expectVerifies(gameId, second!, second!.revealed_seed!);
    await expectVerifies(gameId, (await view(gameId)).digit_sets[0]!, second!.revealed_seed!);
    // In the draw log and in the activity log, by the admin.
    const log = await db().selectFrom('grid_draws').selectAll().where('game_id', '=', gameId).where('set_number', '=', 2).execute();
    expect(log).toEqual([expect.objectContaining({ action: 'drawn', admin_user_id: admin.id, round: 2 })]);
    const activity = await db()
      .selectFrom('game_activity')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('action', '=', 'drawn')
      .orderBy('created_at')
      .execute();
    expect(activity.map((entry) => [entry.actor_user_id, entry.detail])).toEqual([
      [admin.id, null],
      [admin.id, JSON.stringify({ set: 2 })],
    ]);
    await refusal(2, 409, 'SET_NOT_NEXT', GAME_DAY_TEXTS.setAlreadyDrawn(2));
    // Q2's confirmation draws nothing again: set 2 keeps its digits, Q3 is decided by them.
    await confirm(gameId, 1, 7, 3);
    await confirm(gameId, 2, 14, 3);
    const after = await view(gameId);
    expect(after.digit_sets[1]!.x_axis_numbers).toEqual(second!.x_axis_numbers);
    expect(await db().selectFrom('grid_draws').select('id').where('game_id', '=', gameId).where('set_number', '=', 2).execute()).toHaveLength(1);
    const q3 = await confirm(gameId, 3, 21, 10);
    const result = q3.results.find((r) => r.period === 3)!;
    expect(winningSquareOf(CLASSIC_SHAPE, { xAxisNumbers: second!.x_axis_numbers!, yAxisNumbers: second!.y_axis_numbers! }, 1, 0)).toEqual({
      x: result.square_x,
      y: result.square_y,
    });
  });

  it('refuses an unknown number-sets choice with its message', async () => {
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: { title: 'Bad Bowl', team_a: 'A', team_b: 'B', price_per_square: 10, number_sets: 'weekly' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose when numbers are drawn: for the whole game, each period or at halftime');
  });

  it('a game made before tickets (no seed) still draws, by commit-reveal with a seed made at the draw', async () => {
    const gameId = await insertGame(t.db.handle, { created_by: admin.id });
    await sellSquares(t.db.handle, gameId, () => owners[0]!);
    const drawn = await draw(gameId);
    expect(drawn.digit_sets[0]).toMatchObject({ set: 1, method: 'commit-reveal' });
    await expectVerifies(gameId, drawn.digit_sets[0]!, drawn.digit_sets[0]!.revealed_seed!);
  });
});
