import type { FastifyInstance } from 'fastify';
import { QUARTER_MODEL } from '@core/periods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDayView, MyWinningsResponse } from '@core/api/game-day';
import { GAME_DAY_ERRORS, GAME_ERRORS, retryPayoutError, withCause } from '@core/messages';
import { buildApp } from '../app';
import { parseSettings } from '../config';
import { migrate } from '../db/migrate';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { insertGame, insertNumbers, insertUser } from '../../../tests/support/fixtures';
import { allScores, sellSquares, winnerRows } from '../../../tests/support/game-day';
import { failingPayoutProvider, TEST_PAYOUT_FAILURE } from '../../../tests/support/failing-payout-provider';
import { ok, send } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';
import { GAME_DAY_TEXTS } from '../game-day/game-day.messages';

const X_AXIS = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
const Y_AXIS = [2, 7, 1, 8, 0, 6, 9, 3, 5, 4];
/** Q1..Q4 scores; with the axes above the winning rows are 9, 2, 2 and 1. */
const SCORES: [number, number][] = [
  [7, 3],
  [14, 10],
  [24, 17],
  [31, 28],
];

function expectError(res: { statusCode: number; json(): unknown; body: string }, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message !== undefined) expect(body.error.message).toBe(message);
}

/** A full board on the known axes: `winner` owns every square, except the rows given to nobody (D24). */
async function drawnGame(handle: TestDatabase['handle'], admin: TestAccount, winner: string, unsoldRows: number[] = []): Promise<string> {
  const gameId = await insertGame(handle, { created_by: admin.id });
  await sellSquares(handle, gameId, (x) => (unsoldRows.includes(x) ? null : winner));
  await insertNumbers(handle, gameId, X_AXIS, Y_AXIS, { by: admin.id });
  // Players see results once the numbers are revealed (docs/decisions/006).
  await handle.db.updateTable('games').set({ numbers_revealed: true }).where('id', '=', gameId).execute();
  return gameId;
}

describe(`payouts with the manual provider (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    player = await testAccount(t, { prefix: 'player' });
  });
  afterAll(() => t.close());

  const url = (gameId: string, path: string) => `/api/admin/games/${gameId}${path}`;

  it('answers 401 to visitors and 403 to players', async () => {
    const gameId = await drawnGame(t.db.handle, admin, player.id);
    await ok(t.app, 'PUT', url(gameId, '/periods/1'), admin.cookie, { team_a_score: 7, team_b_score: 3 });
    for (const path of ['/periods/1/payout/mark-paid', '/periods/1/payout/retry']) {
      const visitor = await send(t.app, 'POST', url(gameId, path), { payload: {} });
      expect(visitor.statusCode).toBe(401);
      const asPlayer = await send(t.app, 'POST', url(gameId, path), { cookie: player.cookie, payload: {} });
      expect(asPlayer.statusCode).toBe(403);
    }
    expect((await winnerRows(t.db.handle, gameId))[0]!.payout_status).toBe('pending');
  });

  it('Mark Paid takes a pending payout to completed, recording the admin, the time and the reference (D23)', async () => {
    const gameId = await drawnGame(t.db.handle, admin, player.id);
    await ok(t.app, 'PUT', url(gameId, '/periods/1'), admin.cookie, { team_a_score: 7, team_b_score: 3 });
    const before = Date.now();
    const paid = await ok<GameDayView>(t.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), admin.cookie, { reference: '  Venmo 1234  ' });
    expect(paid.results[0]).toMatchObject({ payout_status: 'completed', payout_reference: 'Venmo 1234', retry_count: 0, winner_id: player.id });
    expect(Date.parse(paid.results[0]!.paid_at!)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await winnerRows(t.db.handle, gameId);
    expect(row).toMatchObject({
      payout_status: 'completed',
      paid_by: admin.id,
      payout_reference: 'Venmo 1234',
      payout_provider: 'manual',
      failure_reason: null,
    });

    // Once completed: not again, and not Retry.
    expectError(
      await send(t.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie, payload: {} }),
      409,
      'PAYOUT_COMPLETED',
      GAME_DAY_TEXTS.payoutAlreadyDone(1, QUARTER_MODEL),
    );
    expectError(await send(t.app, 'POST', url(gameId, '/periods/1/payout/retry'), { cookie: admin.cookie }), 409, 'PAYOUT_NOT_FAILED');

    // The player sees it as Paid.
    const winnings = await ok<MyWinningsResponse>(t.app, 'GET', '/api/me/winnings', player.cookie);
    expect(winnings.games.find((g) => g.game_id === gameId)!.wins).toEqual([{ period: 1, label: '1st Quarter', amount_cents: 25_000, badge: 'Paid' }]);
  });

  it('Mark Paid without a reference (or a blank one) stores none', async () => {
    const gameId = await drawnGame(t.db.handle, admin, player.id);
    await ok(t.app, 'POST', url(gameId, '/periods/confirm-all'), admin.cookie, { scores: allScores(SCORES) });
    expect((await ok<GameDayView>(t.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), admin.cookie)).results[0]!.payout_reference).toBeNull();
    const blank = await ok<GameDayView>(t.app, 'POST', url(gameId, '/periods/2/payout/mark-paid'), admin.cookie, { reference: '   ' });
    expect(blank.results[1]).toMatchObject({ payout_status: 'completed', payout_reference: null });
    const tooLong = await send(t.app, 'POST', url(gameId, '/periods/3/payout/mark-paid'), { cookie: admin.cookie, payload: { reference: 'x'.repeat(201) } });
    expectError(tooLong, 400, 'VALIDATION_ERROR', GAME_DAY_TEXTS.referenceTooLong);
    // Payouts of a completed game can still be marked (D19).
    const last = await ok<GameDayView>(t.app, 'POST', url(gameId, '/periods/4/payout/mark-paid'), admin.cookie, { reference: 'Cash' });
    expect(last.game.is_active).toBe(false);
    expect(last.results.map((r) => r.payout_status)).toEqual(['completed', 'completed', 'pending', 'completed']);
  });

  it('refuses a quarter without a winner record, an unowned square (D24), a bad quarter and a missing game', async () => {
    const gameId = await drawnGame(t.db.handle, admin, player.id, [9]);
    expectError(
      await send(t.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie }),
      409,
      'NO_WINNER_RECORD',
      GAME_DAY_TEXTS.noWinnerRecord(1, QUARTER_MODEL),
    );
    expectError(await send(t.app, 'POST', url(gameId, '/periods/1/payout/retry'), { cookie: admin.cookie }), 409, 'NO_WINNER_RECORD');
    // Q1's square (row 9) is unsold: 0 and completed, nothing to pay.
    const view = await ok<GameDayView>(t.app, 'PUT', url(gameId, '/periods/1'), admin.cookie, { team_a_score: 7, team_b_score: 3 });
    expect(view.results[0]).toMatchObject({ winner_id: null, payout_amount_cents: 0, payout_status: 'completed' });
    expectError(await send(t.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie }), 409, 'PAYOUT_COMPLETED');
    expectError(
      await send(t.app, 'POST', url(gameId, '/periods/0/payout/mark-paid'), { cookie: admin.cookie }),
      400,
      'VALIDATION_ERROR',
      GAME_DAY_TEXTS.periodInvalid,
    );
    const missing = await send(t.app, 'POST', url('3f1c9f5e-0000-4000-8000-000000000000', '/periods/1/payout/mark-paid'), { cookie: admin.cookie });
    expectError(missing, 404, 'NOT_FOUND', GAME_ERRORS.notFound);
  });

  it('two Mark Paids at once pay once', async () => {
    const gameId = await drawnGame(t.db.handle, admin, player.id);
    await ok(t.app, 'PUT', url(gameId, '/periods/1'), admin.cookie, { team_a_score: 7, team_b_score: 3 });
    const results = await Promise.all([
      send(t.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie, payload: { reference: 'A' } }),
      send(t.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie, payload: { reference: 'B' } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await winnerRows(t.db.handle, gameId);
    expect(row!.payout_status).toBe('completed');
    expect(['A', 'B']).toContain(row!.payout_reference);
  });
});

describe(`payouts with a provider that fails (${testDbKind})`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: TestAccount;
  let player: TestAccount;
  const provider = failingPayoutProvider();

  beforeAll(async () => {
    database = await createTestDatabase();
    const settings = parseSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: TEST_SECRET });
    settings.database = database.settings;
    await migrate(database.handle, settings, TEST_SECRET);
    app = await buildApp({ settings, database: database.handle, secret: TEST_SECRET, payoutProvider: provider });
    await app.ready();
    admin = await testAccount({ app, db: database }, { prefix: 'admin', admin: true });
    player = await testAccount({ app, db: database }, { prefix: 'player' });
  });
  afterAll(async () => {
    await app.close();
    await database.cleanup();
  });

  const url = (gameId: string, path: string) => `/api/admin/games/${gameId}${path}`;

  it('a failure leaves the payout failed with its reason; Retry completes it with retry_count 1', async () => {
    const gameId = await drawnGame(database.handle, admin, player.id);
    await ok(app, 'POST', url(gameId, '/periods/confirm-all'), admin.cookie, { scores: allScores(SCORES) });
    expect((await winnerRows(database.handle, gameId))[0]!.payout_provider).toBe('test');

    provider.failNext();
    const failed = await send(app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie, payload: { reference: 'Zelle 42' } });
    expectError(failed, 502, 'PAYOUT_FAILED', withCause(GAME_DAY_ERRORS.updatePayoutStatusFailed, TEST_PAYOUT_FAILURE));
    let [row] = await winnerRows(database.handle, gameId);
    expect(row).toMatchObject({ payout_status: 'failed', failure_reason: TEST_PAYOUT_FAILURE, retry_count: 0, paid_at: null, paid_by: admin.id });
    const view = await ok<GameDayView>(app, 'GET', url(gameId, '/game-day'), admin.cookie);
    expect(view.results[0]!.payout_status).toBe('failed');
    // The player still sees Pending.
    const winnings = await ok<MyWinningsResponse>(app, 'GET', '/api/me/winnings', player.cookie);
    expect(winnings.games[0]!.wins[0]).toMatchObject({ period: 1, badge: 'Pending' });

    // A failed payout is retried, not marked again.
    expectError(
      await send(app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie }),
      409,
      'PAYOUT_FAILED',
      GAME_DAY_TEXTS.payoutFailedUseRetry(1, QUARTER_MODEL),
    );

    const before = Date.now();
    const retried = await ok<GameDayView>(app, 'POST', url(gameId, '/periods/1/payout/retry'), admin.cookie);
    expect(retried.results[0]).toMatchObject({ payout_status: 'completed', retry_count: 1, payout_reference: 'Zelle 42' });
    expect(Date.parse(retried.results[0]!.last_retry_at!)).toBeGreaterThanOrEqual(before - 1000);
    [row] = await winnerRows(database.handle, gameId);
    expect(row).toMatchObject({ payout_status: 'completed', retry_count: 1, failure_reason: null, paid_by: admin.id });
    expect(row!.paid_at).not.toBeNull();
    // The provider was asked twice for the same payout, with the organizer's reference.
    const asked = provider.requests.filter((r) => r.winnerId === row!.id);
    expect(asked.map((r) => [r.attempt, r.reference, r.amountCents, r.recipient.userId])).toEqual([
      [1, 'Zelle 42', 25_000, player.id],
      [2, 'Zelle 42', 25_000, player.id],
    ]);
  });

  it('a retry that fails again stays failed and counts the retry; a later one completes it', async () => {
    const gameId = await drawnGame(database.handle, admin, player.id);
    await ok(app, 'PUT', url(gameId, '/periods/1'), admin.cookie, { team_a_score: 7, team_b_score: 3 });
    provider.failNext(2, 'Bank offline');
    expect((await send(app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie })).statusCode).toBe(502);
    const again = await send(app, 'POST', url(gameId, '/periods/1/payout/retry'), { cookie: admin.cookie });
    expectError(again, 502, 'PAYOUT_FAILED', retryPayoutError('Bank offline'));
    expect((await winnerRows(database.handle, gameId))[0]).toMatchObject({ payout_status: 'failed', retry_count: 1, failure_reason: 'Bank offline' });
    const done = await ok<GameDayView>(app, 'POST', url(gameId, '/periods/1/payout/retry'), admin.cookie);
    expect(done.results[0]).toMatchObject({ payout_status: 'completed', retry_count: 2 });
    // The test provider makes up a reference when the organizer gave none.
    expect(done.results[0]!.payout_reference).toMatch(/^test-payout-/);
  });

  it('a failed payout can still be corrected: a new winner starts a fresh pending payout', async () => {
    const other = await insertUser(database.handle);
    const gameId = await insertGame(database.handle, { created_by: admin.id });
    await sellSquares(database.handle, gameId, (x) => (x === 9 ? player.id : other.id));
    await insertNumbers(database.handle, gameId, X_AXIS, Y_AXIS);
    await ok(app, 'PUT', url(gameId, '/periods/1'), admin.cookie, { team_a_score: 7, team_b_score: 3 });
    provider.failNext();
    await send(app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie });
    expect((await winnerRows(database.handle, gameId))[0]!.payout_status).toBe('failed');
    const corrected = await ok<GameDayView>(app, 'PUT', url(gameId, '/periods/1'), admin.cookie, { team_a_score: 14, team_b_score: 10 });
    expect(corrected.results[0]).toMatchObject({ winner_id: other.id, payout_status: 'pending', retry_count: 0, payout_reference: null });
    expect((await winnerRows(database.handle, gameId))[0]).toMatchObject({ failure_reason: null, paid_by: null });
  });
});
