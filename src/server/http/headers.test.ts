import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { startTestServer, type TestServer } from '../../../tests/support/server';

/** Sends bytes as they are and returns what came back until the server closed or went quiet. */
function rawExchange(port: number, request: string, quietMs = 300): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    let timer = setTimeout(() => socket.destroy(), quietMs * 10);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      clearTimeout(timer);
      timer = setTimeout(() => socket.destroy(), quietMs);
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

/** Status and lower-cased headers of a raw HTTP/1.1 response. */
function parseHead(text: string): { status: number; headers: Record<string, string> } {
  const [head = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers };
}

function expectSecurityHeaders(headers: Record<string, string | string[] | number | undefined>, what: string): void {
  expect(headers['content-security-policy'], what).toContain("default-src 'self'");
  expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

describe(`every answer carries the security headers, early errors included (${testDbKind})`, () => {
  let t: TestServer;
  let port: number;
  beforeAll(async () => {
    t = await startTestServer();
    port = Number(new URL(t.url).port);
  });
  afterAll(() => t.close());

  const request = (line: string, headers = 'Host: localhost\r\n') => `${line}\r\n${headers}Connection: close\r\n\r\n`;

  it.each([
    ['a malformed URL', request('GET /api/games/%E0%A4%A HTTP/1.1'), 400],
    ['a malformed URL outside the API', request('GET /%zz HTTP/1.1'), 400],
    ['a path parameter longer than the router takes', request(`GET /api/games/${'a'.repeat(300)} HTTP/1.1`), 414],
    ['a bad Host', request('GET /api/games HTTP/1.1', 'Host: bad host\r\n'), 400],
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n', 400],
    ['a header block over the size limit', request('GET /api/games HTTP/1.1', `Host: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n`), 431],
    [
      'invalid JSON',
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: application/json\r\nContent-Length: 1\r\nConnection: close\r\n\r\n{`,
      400,
    ],
    ['an unknown API path', request('GET /api/nothing HTTP/1.1'), 404],
  ])('%s', async (what, bytes, status) => {
    const response = parseHead(await rawExchange(port, bytes));
    expect(response.status, what).toBe(status);
    expectSecurityHeaders(response.headers, what);
    expect(response.headers['cache-control'], what).toBe('no-store');
  });
});

describe(`API answers are not cached unless a route says otherwise (${testDbKind})`, () => {
  let t: TestApp;
  let buyer: TestAccount;
  let checkoutId: string;
  let sessionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const gameId = await insertGame(t.db.handle);
    buyer = await testAccount(t, { prefix: 'buyer' });
    const started = await startCheckout(t.app, buyer, [{ game_id: gameId, game_title: 'Test Bowl', price_per_square: 10, squares: [{ x: 1, y: 1 }] }]);
    expect(started.statusCode, started.body).toBe(201);
    checkoutId = (started.json() as { checkout_id: string }).checkout_id;
    sessionId = await sessionIdOf(t.db.handle, checkoutId);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('GET /api/checkout/:id and the test card page API answer no-store, as do their errors', async () => {
    for (const [url, status] of [
      [`/api/checkout/${checkoutId}`, 200],
      [`/api/checkout/test/${sessionId}`, 200],
      ['/api/checkout/3f1c9f5e-0000-4000-8000-000000000000', 404],
    ] as const) {
      const res = await get(url, buyer.cookie);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expectSecurityHeaders(res.headers, url);
    }
    const visitor = await get(`/api/checkout/${checkoutId}`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['cache-control']).toBe('no-store');
  });

  it('state-changing answers, reads without their own header, and odd spellings of API paths answer no-store', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/test/${sessionId}/cancel`,
      headers: { origin: SAME_ORIGIN, cookie: buyer.cookie },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    for (const url of [
      '/api/games',
      '/api/health',
      '/api/config',
      '/api/me',
      '/api/auth/list-sessions',
      '/api/auth/get-session',
      `/%61pi/checkout/${checkoutId}`,
    ]) {
      expect((await get(url, buyer.cookie)).headers['cache-control'], url).toBe('no-store');
    }
  });

  it('a route that sets its own Cache-Control keeps it (board reads)', async () => {
    const [game] = (await get('/api/games')).json().games as Array<{ id: string }>;
    const res = await get(`/api/games/${game!.id}/board`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });
});

describe(`a Host that is not host[:port] is refused before anything runs (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (host: string) => t.app.inject({ method: 'GET', url: '/api/games', headers: { host } });

  it('refuses user info, paths, queries and fragments in Host, also after the same host was seen valid (the check remembers valid hosts only)', async () => {
    for (let round = 0; round < 2; round++) {
      for (const host of ['localhost:3000', 'example.com', '127.0.0.1:8080', '[::1]:3000']) {
        const ok = await get(host);
        expect(ok.statusCode, `${host}: ${ok.body}`).toBe(200);
      }
      for (const host of [
        'user@localhost',
        'user:pass@localhost:3000',
        'localhost:3000/x',
        'localhost?x=1',
        'localhost#x',
        'localhost:3000/..',
        'local host',
        'localhost:99999',
        '[::1',
        'l%6Fcalhost',
        'local\\host',
      ]) {
        const refused = await get(host);
        expect(refused.statusCode, host).toBe(400);
        expect((refused.json() as { error: { code: string } }).error.code, host).toBe('BAD_HOST');
      }
    }
  });

  it('remembers no more than a bounded number of hosts: after many distinct valid hosts, a bad one is still refused', async () => {
    for (let i = 0; i < 200; i++) expect((await get(`host-${i}.example:${1000 + i}`)).statusCode).toBe(200);
    expect((await get('host-1.example:1001/x')).statusCode).toBe(400);
  });
});
