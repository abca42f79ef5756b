import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardChangeEvent } from '@core/api/board';
import { GAME_ERRORS } from '@core/messages';
import { SAME_ORIGIN, testAccount } from '../../../tests/support/accounts';
import { TEST_SECRET } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { eventually, openEventStream, type SseStream } from '../../../tests/support/sse';
import { buildApp } from '../app';
import { parseSettings } from '../config';
import { migrate } from '../db/migrate';
import { memoryGameEvents } from './memory-events';

/** The real app listening on 127.0.0.1, with a heartbeat short enough to watch. */
async function listeningApp(heartbeatMs: number): Promise<{ app: FastifyInstance; db: TestDatabase; url: string; close(): Promise<void> }> {
  const db = await createTestDatabase();
  const settings = parseSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: TEST_SECRET });
  settings.database = db.settings;
  await migrate(db.handle, settings, TEST_SECRET);
  const app = await buildApp({ settings, database: db.handle, secret: TEST_SECRET, sseHeartbeatMs: heartbeatMs });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    db,
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}

const change = (event: BoardChangeEvent) => ({ event: 'change', data: JSON.stringify(event) });

describe(`GET /api/games/:id/events (${testDbKind})`, () => {
  const HEARTBEAT_MS = 150;
  let server: Awaited<ReturnType<typeof listeningApp>>;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    server = await listeningApp(HEARTBEAT_MS);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await server.close();
  });

  async function connect(gameId: string): Promise<SseStream> {
    const stream = await openEventStream(`${server.url}/api/games/${gameId}/events`);
    streams.push(stream);
    return stream;
  }

  it('streams a ready event, then every change of the board, with headers that keep it live', async () => {
    const gameId = await insertGame(server.db.handle);
    const stream = await connect(gameId);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(stream.headers.get('content-length')).toBeNull();

    // The browser's reconnection delay: 3 to 6 s, different per viewer, so a restart is not met by everyone at once.
    const { retry } = await stream.next();
    expect(retry).toBeGreaterThanOrEqual(3000);
    expect(retry).toBeLessThan(6000);
    expect(await stream.next()).toEqual({ event: 'ready', data: JSON.stringify({ game_id: gameId }) });
    expect(server.app.gameEvents.subscriberCount(gameId)).toBe(1);

    server.app.gameEvents.publish({ game_id: gameId, reason: 'squares' });
    server.app.gameEvents.publish({ game_id: randomUUID(), reason: 'squares' });
    server.app.gameEvents.publish({ game_id: gameId, reason: 'numbers' });
    expect(await nextChange(stream)).toEqual(change({ game_id: gameId, reason: 'squares' }));
    expect(await nextChange(stream)).toEqual(change({ game_id: gameId, reason: 'numbers' }));
  });

  it('gives each viewer a reconnection delay of its own', async () => {
    const gameId = await insertGame(server.db.handle);
    const delays = new Set<number | undefined>();
    for (let i = 0; i < 5; i += 1) {
      const stream = await connect(gameId);
      delays.add((await stream.next()).retry);
      stream.close();
    }
    expect(delays.size).toBeGreaterThan(1);
  });

  it('sends a heartbeat comment on the interval', async () => {
    const gameId = await insertGame(server.db.handle);
    const stream = await connect(gameId);
    await stream.next();
    await stream.next();
    const started = performance.now();
    expect(await stream.next(HEARTBEAT_MS * 10)).toEqual({ comment: 'heartbeat' });
    expect(await stream.next(HEARTBEAT_MS * 10)).toEqual({ comment: 'heartbeat' });
    // Two heartbeats take at least one interval (a load only makes them later); Node's timers
    // round to the millisecond, so the clock may read a fraction of one less (seen: 149 ms of 150).
    expect(performance.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_MS - 1);
  });

  it('unsubscribes a viewer who disconnects', async () => {
    const gameId = await insertGame(server.db.handle);
    const [a, b] = [await connect(gameId), await connect(gameId)];
    await a.next();
    await a.next();
    await b.next();
    await b.next();
    expect(server.app.gameEvents.subscriberCount(gameId)).toBe(2);
    a.close();
    await eventually(() => server.app.gameEvents.subscriberCount(gameId) === 1, 'one viewer is left');
    b.close();
    await eventually(() => server.app.gameEvents.subscriberCount(gameId) === 0, 'no viewer is left');
  });

  it('tells viewers about an admin’s edit and delete, then ends the stream of the deleted game', async () => {
    const admin = await testAccount(server, { admin: true });
    await server.db.handle.db.updateTable('user').set({ isAdmin: true }).where('email', '=', admin.email).execute();
    const gameId = await insertGame(server.db.handle);
    const stream = await connect(gameId);
    await stream.next();
    await stream.next();

    const send = (method: 'PATCH' | 'DELETE', payload?: object) =>
      server.app.inject({ method, url: `/api/admin/games/${gameId}`, headers: { origin: SAME_ORIGIN, cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    expect((await send('PATCH', { title: 'Renamed Bowl' })).statusCode).toBe(200);
    expect(await nextChange(stream)).toEqual(change({ game_id: gameId, reason: 'game' }));
    // An empty edit changes nothing, so nobody is told.
    expect((await send('PATCH', {})).statusCode).toBe(200);
    expect((await send('DELETE')).statusCode).toBe(200);
    expect(await nextChange(stream)).toEqual(change({ game_id: gameId, reason: 'deleted' }));
    await stream.ended;
    await eventually(() => server.app.gameEvents.subscriberCount(gameId) === 0, 'the stream is unsubscribed');
  });

  it('answers 404 in the API’s shape for a missing game or an id that is not one', async () => {
    // D46: an id that could name a game answers as an invite-only game would.
    for (const [id, message] of [
      [randomUUID(), GAME_ERRORS.notFoundOrInviteOnly],
      ['nope', GAME_ERRORS.notFound],
    ]) {
      const res = await fetch(`${server.url}/api/games/${id}/events`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message } });
    }
  });

  it('ends open streams when the server closes', async () => {
    const other = await listeningApp(60_000);
    const gameId = await insertGame(other.db.handle);
    const stream = await openEventStream(`${other.url}/api/games/${gameId}/events`);
    await stream.next();
    await stream.next();
    const closing = other.close();
    await stream.ended;
    await closing;
  });

  /** The next change, skipping heartbeats. */
  async function nextChange(stream: SseStream) {
    for (;;) {
      const frame = await stream.next();
      if (frame.comment !== 'heartbeat') return frame;
    }
  }
});

describe('memoryGameEvents', () => {
  it('delivers a game’s changes to its subscribers only, until they unsubscribe', async () => {
    const events = memoryGameEvents();
    const seen: string[] = [];
    const off = events.subscribe('g1', (e) => seen.push(`a:${e.reason}`));
    events.subscribe('g2', (e) => seen.push(`b:${e.reason}`));
    events.publish({ game_id: 'g1', reason: 'squares' });
    expect(events.subscriberCount('g1')).toBe(1);
    off();
    off();
    expect(events.subscriberCount('g1')).toBe(0);
    events.publish({ game_id: 'g1', reason: 'game' });
    events.publish({ game_id: 'g2', reason: 'winners' });
    expect(seen).toEqual(['a:squares', 'b:winners']);
    await events.ready();
    await events.close();
    expect(events.subscriberCount('g2')).toBe(0);
  });
});
