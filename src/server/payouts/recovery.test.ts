import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameDayView } from '@core/api/game-day';
import { sellSquares, winnerRows } from '../../../tests/support/game-day';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { insertGame, insertNumbers } from '../../../tests/support/fixtures';
import { type AppInstance, type InstanceOptions, startInstance } from '../../../tests/support/instances';
import { failingPayoutProvider } from '../../../tests/support/failing-payout-provider';
import { ok, send } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';

/** What the organizer reads on a payout a crash interrupted (written out here, not imported). */
const INTERRUPTED = 'Interrupted: the server stopped while this payout was being processed. Check whether it was paid, then retry.';

const X_AXIS = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
const Y_AXIS = [2, 7, 1, 8, 0, 6, 9, 3, 5, 4];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const url = (gameId: string, path: string) => `/api/admin/games/${gameId}${path}`;

function expectError(res: { statusCode: number; body: string; json(): unknown }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect((res.json() as { error: { code: string } }).error.code).toBe(code);
}

describe(`payouts a crash interrupted are handed back after a restart (${testDbKind})`, () => {
  let database: TestDatabase;
  let first: AppInstance;
  let admin: TestAccount;
  let player: TestAccount;
  const open: AppInstance[] = [];

  /** Another instance on the same database (closed after the tests). */
  async function instance(options: InstanceOptions = {}): Promise<AppInstance> {
    const started = await startInstance(database, options);
    open.push(started);
    return started;
  }

  /** A drawn, fully sold game whose first quarter is confirmed: its payout is pending. */
  async function pendingPayout(app = first.app): Promise<string> {
    const gameId = await insertGame(database.handle, { created_by: admin.id });
    await sellSquares(database.handle, gameId, () => player.id);
    await insertNumbers(database.handle, gameId, X_AXIS, Y_AXIS, { by: admin.id });
    await ok(app, 'PUT', url(gameId, '/periods/1'), admin.cookie, { team_a_score: 7, team_b_score: 3 });
    return gameId;
  }

  /** The state a process that died between Mark Paid's two steps leaves behind, `ageMs` ago. */
  async function leftProcessing(gameId: string, ageMs: number): Promise<string> {
    const startedAt = new Date(Date.now() - ageMs).toISOString();
    await database.handle.db
      .updateTable('game_winners')
      .set({ payout_status: 'processing', paid_by: admin.id, payout_reference: 'Cash', processing_started_at: startedAt, updated_at: startedAt })
      .where('game_id', '=', gameId)
      .where('period', '=', 1)
      .execute();
    return startedAt;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startInstance(database);
    admin = await testAccount({ app: first.app, db: database }, { prefix: 'admin', admin: true });
    player = await testAccount({ app: first.app, db: database }, { prefix: 'player' });
  });
  // Each test's instances stop with it: a short lease must not reach into the next test.
  afterEach(async () => {
    for (const started of open.splice(0)) await started.close();
  });
  afterAll(async () => {
    await first.close();
    await database.cleanup();
  });

  it('a payout left in processing by a process that died is failed by the next instance at start, and Retry completes it', async () => {
    const provider = failingPayoutProvider();
    const dying = await instance({ payoutProvider: provider });
    const gameId = await pendingPayout(dying.app);
    const hold = provider.holdNext();
    // Mark Paid reaches the provider and never comes back: the process is gone.
    const lost = send(dying.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie, payload: { reference: 'Venmo 77' } });
    await hold.started;
    let [row] = await winnerRows(database.handle, gameId);
    expect(row).toMatchObject({ payout_status: 'processing', paid_by: admin.id, payout_reference: 'Venmo 77' });
    const startedAt = row!.processing_started_at;
    expect(startedAt).not.toBeNull();
    // Before the restart, everything a person could do answers 409.
    expectError(await send(first.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie }), 409, 'PAYOUT_PROCESSING');
    expectError(await send(first.app, 'POST', url(gameId, '/periods/1/payout/retry'), { cookie: admin.cookie }), 409, 'PAYOUT_NOT_FAILED');
    expectError(
      await send(first.app, 'PUT', url(gameId, '/periods/1'), { cookie: admin.cookie, payload: { team_a_score: 14, team_b_score: 10 } }),
      409,
      'PAYOUT_PROCESSING',
    );

    // The lease (0.5 s here) passes; a new instance starts on the same database.
    await sleep(Math.max(0, Date.parse(startedAt!) + 600 - Date.now()));
    const restarted = await instance({ env: { PAYOUT_LEASE_SECONDS: '0.5' } });
    [row] = await winnerRows(database.handle, gameId);
    expect(row).toMatchObject({ payout_status: 'failed', failure_reason: INTERRUPTED, retry_count: 0, paid_at: null, processing_started_at: startedAt });
    const view = await ok<GameDayView>(restarted.app, 'GET', url(gameId, '/game-day'), admin.cookie);
    expect(view.results[0]!.payout_status).toBe('failed');

    // A person acts: Mark Paid points to Retry, Retry completes it with the organizer's reference.
    expectError(await send(restarted.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie }), 409, 'PAYOUT_FAILED');
    const retried = await ok<GameDayView>(restarted.app, 'POST', url(gameId, '/periods/1/payout/retry'), admin.cookie);
    expect(retried.results[0]).toMatchObject({ payout_status: 'completed', retry_count: 1, payout_reference: 'Venmo 77' });
    const done = (await winnerRows(database.handle, gameId))[0]!;
    expect(done).toMatchObject({ failure_reason: null, paid_by: admin.id });

    // The dead instance's call returns after all: it does not write over the retry's outcome.
    hold.release();
    await lost;
    expect((await winnerRows(database.handle, gameId))[0]).toEqual(done);
  });

  it('a provider that answers after the lease has passed still completes the payout it paid', async () => {
    const provider = failingPayoutProvider();
    const slow = await instance({ payoutProvider: provider, env: { PAYOUT_LEASE_SECONDS: '0.3', SWEEP_INTERVAL_SECONDS: '0.1' } });
    const gameId = await pendingPayout(slow.app);
    const hold = provider.holdNext();
    const markPaid = send(slow.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie, payload: { reference: 'Zelle 9' } });
    await hold.started;
    // The periodic sweep, not a restart, hands it back once the lease has passed.
    await expect.poll(async () => (await winnerRows(database.handle, gameId))[0]!.payout_status, { timeout: 10_000, interval: 50 }).toBe('failed');
    expect((await winnerRows(database.handle, gameId))[0]!.failure_reason).toBe(INTERRUPTED);
    hold.release();
    expect((await markPaid).statusCode).toBe(200);
    expect((await winnerRows(database.handle, gameId))[0]).toMatchObject({
      payout_status: 'completed',
      failure_reason: null,
      retry_count: 0,
      payout_reference: 'Zelle 9',
    });
  });

  it('leaves a payout inside its lease alone, and hands it back once the lease has passed', async () => {
    const gameId = await pendingPayout();
    const startedAt = await leftProcessing(gameId, 5_000);
    const restarted = await instance();
    expect((await winnerRows(database.handle, gameId))[0]).toMatchObject({
      payout_status: 'processing',
      processing_started_at: startedAt,
      failure_reason: null,
    });
    expectError(await send(restarted.app, 'POST', url(gameId, '/periods/1/payout/mark-paid'), { cookie: admin.cookie }), 409, 'PAYOUT_PROCESSING');

    // The default lease is 2 minutes from the start of processing.
    const start = Date.parse(startedAt);
    expect(await restarted.app.payoutRecovery.sweep(new Date(start + 110_000))).toEqual([]);
    expect((await winnerRows(database.handle, gameId))[0]!.payout_status).toBe('processing');
    const recovered = await restarted.app.payoutRecovery.sweep(new Date(start + 121_000));
    expect(recovered.map((r) => [r.game_id, r.period])).toEqual([[gameId, 1]]);
    expect((await winnerRows(database.handle, gameId))[0]).toMatchObject({ payout_status: 'failed', failure_reason: INTERRUPTED, retry_count: 0 });
    // Nothing else changed, and a second sweep finds nothing.
    expect(await restarted.app.payoutRecovery.sweep(new Date(start + 200_000))).toEqual([]);
    const view = await ok<GameDayView>(restarted.app, 'POST', url(gameId, '/periods/1/payout/retry'), admin.cookie);
    expect(view.results[0]).toMatchObject({ payout_status: 'completed', retry_count: 1, payout_reference: 'Cash' });
  });

  it('two instances sweeping at the same time hand each payout back once', async () => {
    const [one, two] = [await instance({ logLines: true }), await instance({ logLines: true })];
    const games: string[] = [];
    for (let i = 0; i < 6; i += 1) games.push(await pendingPayout());
    for (let round = 0; round < 3; round += 1) {
      for (const gameId of games) await leftProcessing(gameId, 10 * 60_000);
      const [a, b] = await Promise.all([one.app.payoutRecovery.sweep(), two.app.payoutRecovery.sweep()]);
      const ids = [...a, ...b].map((r) => r.game_id).sort();
      expect(ids).toEqual([...games].sort());
      for (const gameId of games) {
        expect((await winnerRows(database.handle, gameId))[0]).toMatchObject({ payout_status: 'failed', failure_reason: INTERRUPTED, retry_count: 0 });
      }
    }
    // Each instance logged exactly the payouts it handed back: 3 rounds of 6, once each.
    const logged = [...one.lines, ...two.lines]
      .map((line) => JSON.parse(line) as { msg: string; gameId?: string })
      .filter((l) => l.msg.startsWith('payout interrupted'));
    expect(logged).toHaveLength(18);
  });
});
