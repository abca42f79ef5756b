import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { openEventStream } from '../../../tests/support/sse';
import { connectionTimeouts } from './timeouts';
import { parseSettings, SettingsError } from '../config';

/**
 * Slow requests end (issue 10): a body or headers trickled a byte at a time, or a connection that
 * sends nothing, are closed once REQUEST_TIMEOUT_SECONDS has passed; an idle connection once
 * IDLE_TIMEOUT_SECONDS has. Live-update streams (long-lived GETs) are not cut. Real sockets, with
 * short timeouts.
 */

const REQUEST_TIMEOUT_MS = 500;
const IDLE_TIMEOUT_MS = 800;
/** How long past a timeout the server may take to close (Node checks on an interval). */
const SLACK_MS = 2500;
/** A test gives up waiting after this: without timeouts the connections would stay open. */
const GIVE_UP_MS = 8000;

interface Watched {
  socket: Socket;
  received: () => string;
  /** Milliseconds from connect to close, or null if still open after GIVE_UP_MS. */
  closedAfter: Promise<number | null>;
}

function watch(port: number, onConnect: (socket: Socket) => void = () => {}): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    const closedAfter = new Promise<number | null>((done) => {
      const giveUp = setTimeout(() => {
        done(null);
        socket.destroy();
      }, GIVE_UP_MS);
      socket.once('close', () => {
        clearTimeout(giveUp);
        done(Date.now() - started);
      });
    });
    socket.once('connect', () => {
      onConnect(socket);
      resolve({ socket, received: () => received, closedAfter });
    });
    socket.once('error', reject);
  });
}

/** Writes `bytes` one at a time every `everyMs` while the socket is open. */
function trickle(socket: Socket, bytes: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= bytes.length) return clearInterval(timer);
    socket.write(bytes[i]!);
    i += 1;
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe(`slow requests and idle connections time out (${testDbKind})`, () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({
      env: { REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_MS / 1000), IDLE_TIMEOUT_SECONDS: String(IDLE_TIMEOUT_MS / 1000) },
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  it('a body trickled a byte at a time is answered 408 and closed once the request timeout has passed', async () => {
    const watched = await watch(port, (socket) => {
      socket.write(
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      );
      trickle(socket, '{'.padEnd(1000, ' '), 100);
    });
    const closedAfter = await watched.closedAfter;
    expect(closedAfter, 'still open').not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(closedAfter!).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    expect(watched.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(watched.received().toLowerCase()).toContain('content-security-policy:');
    expect(watched.received()).toContain('"REQUEST_TIMEOUT"');
  });

  it('headers trickled a line at a time are cut the same way', async () => {
    const watched = await watch(port, (socket) => {
      socket.write('GET /api/games HTTP/1.1\r\nHost: localhost\r\n');
      trickle(socket, 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n', 50);
    });
    const closedAfter = await watched.closedAfter;
    expect(closedAfter, 'still open').not.toBeNull();
    expect(closedAfter!).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
  });

  it('a connection that never sends a byte is closed', async () => {
    const closedAfter = await (await watch(port)).closedAfter;
    expect(closedAfter, 'still open').not.toBeNull();
    expect(closedAfter!).toBeLessThan(Math.max(REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS) + SLACK_MS);
  });

  it('an idle keep-alive connection is closed after the idle timeout, not before its request is answered', async () => {
    const watched = await watch(port, (socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    const closedAfter = await watched.closedAfter;
    expect(watched.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfter, 'still open').not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 50);
    expect(closedAfter!).toBeLessThan(IDLE_TIMEOUT_MS + SLACK_MS);
  });

  it('a request that arrives slowly but within the timeout is answered normally', async () => {
    const body = JSON.stringify({ title: 'x' });
    const watched = await watch(port, (socket) => {
      socket.write(
        `POST /api/admin/games HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      trickle(socket, body, 10);
    });
    await watched.closedAfter;
    // A visitor: the guard answers 401, the request itself arrived whole.
    expect(watched.received()).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('a live-update stream outlives both timeouts and still delivers changes', async () => {
    const gameId = await insertGame(server.db.handle);
    const stream = await openEventStream(`${server.url}/api/games/${gameId}/events`);
    try {
      expect(stream.status).toBe(200);
      await stream.next(); // retry
      expect((await stream.next()).event).toBe('ready');
      // Nothing is written for several timeouts (the heartbeat is 30 s here).
      await new Promise((resolve) => setTimeout(resolve, 3 * Math.max(REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS)));
      server.app.gameEvents.publish({ game_id: gameId, reason: 'squares' });
      expect(await stream.next(3000)).toEqual({ event: 'change', data: JSON.stringify({ game_id: gameId, reason: 'squares' }) });
    } finally {
      stream.close();
    }
  });
});

describe('the timeout and live-update settings', () => {
  it("default to 30 s per request, 75 s idle (above common proxies' 60 s keep-alive), 500 streams per address and 5,000 in all", () => {
    const s = parseSettings({});
    expect([s.REQUEST_TIMEOUT_SECONDS, s.IDLE_TIMEOUT_SECONDS, s.LIVE_UPDATES_PER_ADDRESS, s.LIVE_UPDATES_TOTAL]).toEqual([30, 75, 500, 5000]);
    expect(connectionTimeouts(s)).toEqual({
      requestTimeout: 30_000,
      connectionTimeout: 75_000,
      keepAliveTimeout: 75_000,
      http: { requestTimeout: 30_000, headersTimeout: 30_000, connectionsCheckingInterval: 5000 },
    });
  });

  it('name a bad value', () => {
    for (const [name, value] of [
      ['REQUEST_TIMEOUT_SECONDS', '0'],
      ['IDLE_TIMEOUT_SECONDS', 'soon'],
      ['LIVE_UPDATES_PER_ADDRESS', '0'],
      ['LIVE_UPDATES_TOTAL', '2.5'],
    ] as const) {
      expect(() => parseSettings({ [name]: value }), name).toThrow(SettingsError);
      try {
        parseSettings({ [name]: value });
      } catch (err) {
        expect((err as SettingsError).problems[0]).toMatch(new RegExp(`^${name}: `));
      }
    }
  });

  it("a request timeout above Node's 5-minute default still builds a server", async () => {
    const app = Fastify(connectionTimeouts(parseSettings({ REQUEST_TIMEOUT_SECONDS: '600' })));
    await app.ready();
    expect(app.server.requestTimeout).toBe(600_000);
    expect(app.server.headersTimeout).toBe(600_000);
    await app.close();
  });
});
