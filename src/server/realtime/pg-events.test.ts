import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardChangeEvent } from '@core/api/board';
import { SAME_ORIGIN, testAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { eventually, openEventStream } from '../../../tests/support/sse';
import type { GameEventsHub } from './memory-events';
import { channelFor, pgGameEvents, type EventsLog } from './pg-events';

const quietLog = (): EventsLog & { lines: string[] } => {
  const lines: string[] = [];
  return { lines, info: (_o, msg) => lines.push(msg), warn: (_o, msg) => lines.push(msg), error: (_o, msg) => lines.push(msg) };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('channelFor', () => {
  it('names the channel after the schema, within PostgreSQL’s 63-byte identifiers', () => {
    expect(channelFor('public')).toBe('squares_events_public');
    const long = channelFor('s'.repeat(63));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(long).not.toBe(channelFor(`${'s'.repeat(62)}t`));
  });
});

// PostgreSQL itself in every run (the SQLite phase too): LISTEN/NOTIFY is what is under test.
describe('PostgreSQL LISTEN/NOTIFY board changes', () => {
  describe('two app instances on one database', () => {
    let shared: TestDatabase;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      shared = await createTestDatabase('postgres');
      a = await createTestApp({ database: shared });
      b = await createTestApp({ database: shared });
      await b.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await shared.cleanup();
    });

    it('brings a change made through instance A to a viewer connected to instance B', async () => {
      const address = b.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const gameId = await insertGame(a.db.handle);
      const stream = await openEventStream(`http://127.0.0.1:${address.port}/api/games/${gameId}/events`);
      try {
        await stream.next();
        expect(await stream.next()).toMatchObject({ event: 'ready' });

        a.app.gameEvents.publish({ game_id: gameId, reason: 'squares' });
        expect(await stream.next()).toEqual({ event: 'change', data: JSON.stringify({ game_id: gameId, reason: 'squares' }) });

        // A real edit on instance A, through its API.
        const admin = await testAccount(a, { admin: true });
        await a.db.handle.db.updateTable('user').set({ isAdmin: true }).where('email', '=', admin.email).execute();
        const res = await a.app.inject({
          method: 'PATCH',
          url: `/api/admin/games/${gameId}`,
          headers: { origin: SAME_ORIGIN, cookie: admin.cookie },
          payload: { team_a: 'Bills' },
        });
        expect(res.statusCode).toBe(200);
        expect(await stream.next()).toEqual({ event: 'change', data: JSON.stringify({ game_id: gameId, reason: 'game' }) });
      } finally {
        stream.close();
      }
    });
  });

  describe('hubs on their own', () => {
    let one: TestDatabase;
    let two: TestDatabase;
    const hubs: GameEventsHub[] = [];

    beforeAll(async () => {
      [one, two] = await Promise.all([createTestDatabase('postgres'), createTestDatabase('postgres')]);
    });
    afterAll(async () => {
      await Promise.all(hubs.map((h) => h.close()));
      await Promise.all([one.cleanup(), two.cleanup()]);
    });

    function hub(db: TestDatabase, log = quietLog()): GameEventsHub {
      const h = pgGameEvents(db.handle.pool!, log, { minRetryMs: 20, maxRetryMs: 100 });
      hubs.push(h);
      return h;
    }

    function collect(h: GameEventsHub, gameId: string): BoardChangeEvent[] {
      const seen: BoardChangeEvent[] = [];
      h.subscribe(gameId, (e) => seen.push(e));
      return seen;
    }

    it('keeps apps on different schemas of one database apart', async () => {
      const [h1, h2] = [hub(one), hub(two)];
      await Promise.all([h1.ready(), h2.ready()]);
      const gameId = randomUUID();
      const [seen1, seen2] = [collect(h1, gameId), collect(h2, gameId)];

      h1.publish({ game_id: gameId, reason: 'numbers' });
      await eventually(() => seen1.length === 1, 'schema one hears its own change');
      h2.publish({ game_id: gameId, reason: 'winners' });
      await eventually(() => seen2.length === 1, 'schema two hears its own change');
      await sleep(200);
      expect(seen1).toEqual([{ game_id: gameId, reason: 'numbers' }]);
      expect(seen2).toEqual([{ game_id: gameId, reason: 'winners' }]);
    });

    it('delivers a change published on the same hub only through the notification, once', async () => {
      const h = hub(one);
      await h.ready();
      const gameId = randomUUID();
      const seen = collect(h, gameId);
      h.publish({ game_id: gameId, reason: 'squares' });
      // Not synchronously: the notification is the only way in.
      expect(seen).toEqual([]);
      await eventually(() => seen.length === 1, 'the notification arrives');
      await sleep(100);
      expect(seen).toEqual([{ game_id: gameId, reason: 'squares' }]);
    });

    it('publishes while every connection of the pool is busy', async () => {
      const h = hub(one);
      await h.ready();
      const gameId = randomUUID();
      const seen = collect(h, gameId);
      // Requests hold all the pool's connections (createTestDatabase: 5), as during a rush of re-reads.
      const pool = one.handle.pool!;
      const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
      try {
        expect(pool.totalCount).toBe(pool.options.max);
        expect(pool.idleCount).toBe(0);
        h.publish({ game_id: gameId, reason: 'winners' });
        await eventually(() => seen.length === 1, 'the change arrives while the pool is taken');
        expect(seen).toEqual([{ game_id: gameId, reason: 'winners' }]);
      } finally {
        for (const client of held) client.release();
      }
    });

    it('ignores notifications on its channel that are not board changes', async () => {
      const log = quietLog();
      const h = hub(one, log);
      await h.ready();
      const gameId = randomUUID();
      const seen = collect(h, gameId);
      const channel = channelFor(one.schema!);
      await one.handle.pool!.query('select pg_notify($1, $2)', [channel, 'not json']);
      await one.handle.pool!.query('select pg_notify($1, $2)', [channel, JSON.stringify({ game_id: gameId, reason: 'because' })]);
      h.publish({ game_id: gameId, reason: 'game' });
      await eventually(() => seen.length === 1, 'the real change arrives');
      expect(seen).toEqual([{ game_id: gameId, reason: 'game' }]);
      expect(log.lines).toEqual(['ignored a board change that is not JSON', 'ignored a board change of unknown shape']);
    });

    it('reconnects after its connection drops, tells viewers to re-read, and hears changes again', async () => {
      const log = quietLog();
      const h = hub(two, log);
      await h.ready();
      const gameId = randomUUID();
      const seen = collect(h, gameId);

      const channel = channelFor(two.schema!);
      const killed = await two.handle.pool!.query(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
          where application_name = 'squares-pool events' and query = $1`,
        [`LISTEN "${channel}"`],
      );
      // Each hub of this schema listens on its own connection.
      expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      await eventually(() => seen.length === 1, 'the catch-up change after reconnecting');
      expect(seen[0]).toEqual({ game_id: gameId, reason: 'game' });
      expect(log.lines).toContain('board change listener reconnected');

      h.publish({ game_id: gameId, reason: 'squares' });
      await eventually(() => seen.length === 2, 'a change after reconnecting');
      expect(seen[1]).toEqual({ game_id: gameId, reason: 'squares' });
    });

    it('stops listening when closed', async () => {
      const h = pgGameEvents(one.handle.pool!, quietLog());
      await h.ready();
      const gameId = randomUUID();
      const seen = collect(h, gameId);
      await h.close();
      expect(h.subscriberCount(gameId)).toBe(0);
      h.publish({ game_id: gameId, reason: 'squares' });
      await sleep(100);
      expect(seen).toEqual([]);
    });
  });
});
