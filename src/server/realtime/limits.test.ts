import { randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { eventually } from '../../../tests/support/sse';

/**
 * Live-update streams are capped per client address (LIVE_UPDATES_PER_ADDRESS: 429) and in all
 * (LIVE_UPDATES_TOTAL: 503), each answer with a Retry-After hint. Real connections from distinct
 * loopback addresses, small limits.
 */

const PER_ADDRESS = 3;
const TOTAL = 5;

interface Opened {
  status: number;
  headers: IncomingMessage['headers'];
  /** The first bytes of the body (the retry and ready frames, or the error). */
  firstChunk: string;
  close(): void;
}

/** Opens GET /api/games/:id/events from `localAddress`; resolves at the first body chunk. */
function openFrom(base: string, gameId: string, localAddress: string): Promise<Opened> {
  const url = new URL(`/api/games/${gameId}/events`, base);
  return new Promise((resolve, reject) => {
    let req: ClientRequest | null = null;
    req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, localAddress, headers: { accept: 'text/event-stream' } }, (res) => {
      res.setEncoding('utf8');
      res.once('data', (chunk: string) => resolve({ status: res.statusCode ?? 0, headers: res.headers, firstChunk: chunk, close: () => req?.destroy() }));
      res.on('error', () => {});
    });
    req.on('error', reject);
    req.end();
  });
}

describe(`live-update streams are capped per address and in all (${testDbKind})`, () => {
  let server: TestServer;
  let gameId: string;
  const open: Opened[] = [];

  beforeAll(async () => {
    server = await startTestServer({ env: { LIVE_UPDATES_PER_ADDRESS: String(PER_ADDRESS), LIVE_UPDATES_TOTAL: String(TOTAL) } });
    gameId = await insertGame(server.db.handle);
  });
  afterEach(async () => {
    for (const o of open.splice(0)) o.close();
    await eventually(() => server.app.gameEvents.subscriberCount(gameId) === 0, 'every stream is closed');
  });
  afterAll(() => server.close());

  async function stream(address: string): Promise<Opened> {
    const opened = await openFrom(server.url, gameId, address);
    open.push(opened);
    return opened;
  }

  it('one address gets its share, then 429 with a Retry-After hint and the API error shape', async () => {
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const ok = await stream('127.0.0.1');
      expect(ok.status).toBe(200);
      expect(ok.firstChunk).toContain('retry:');
    }
    const refused = await stream('127.0.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(refused.firstChunk)).toMatchObject({ error: { code: 'TOO_MANY_STREAMS' } });
    // Another address is not affected.
    expect((await stream('127.0.0.2')).status).toBe(200);
  });

  it('all addresses together get TOTAL, then 503 with a Retry-After hint', async () => {
    const addresses = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'];
    for (const address of addresses.slice(0, TOTAL)) expect((await stream(address)).status).toBe(200);
    const refused = await stream('127.0.0.16');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.firstChunk)).toMatchObject({ error: { code: 'LIVE_UPDATES_BUSY' } });
  });

  it('a closed stream frees its place', async () => {
    const first = [];
    for (let i = 0; i < PER_ADDRESS; i += 1) first.push(await stream('127.0.0.21'));
    expect((await stream('127.0.0.21')).status).toBe(429);
    first[0]!.close();
    await eventually(() => server.app.gameEvents.subscriberCount(gameId) === PER_ADDRESS - 1, 'the closed stream is unsubscribed');
    expect((await stream('127.0.0.21')).status).toBe(200);
  });

  it('refused and failed requests hold no place (a missing game: 404, many times over)', async () => {
    for (let i = 0; i < PER_ADDRESS * 3; i += 1) {
      const missing = await openFrom(server.url, randomUUID(), '127.0.0.31');
      expect(missing.status).toBe(404);
    }
    // Three streams and three 429s from another address...
    const statuses = [];
    for (let i = 0; i < PER_ADDRESS * 2; i += 1) statuses.push((await stream('127.0.0.32')).status);
    expect(statuses.sort()).toEqual([200, 200, 200, 429, 429, 429]);
    // ...leave exactly TOTAL - PER_ADDRESS places, all of them open to the address of the 404s.
    for (let i = 0; i < TOTAL - PER_ADDRESS; i += 1) expect((await stream('127.0.0.31')).status).toBe(200);
    expect((await stream('127.0.0.31')).status).toBe(503);
  });
});
