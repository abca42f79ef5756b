import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

/** The app with its log lines kept, under the given settings. */
async function loggedApp(env: Record<string, string>) {
  const lines: string[] = [];
  const t = await createTestApp({ env, logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
  return { t, warnings: (text: string) => lines.filter((line) => line.includes(text)).map((line) => JSON.parse(line) as { level: number; msg: string }) };
}

/** A warning's text, or what else it was. */
const warning = (line: { level: number; msg: string }) => (line.level === 40 ? line.msg : `level ${line.level}: ${line.msg}`);

describe(`set-up mistakes a request shows, logged once each (${testDbKind})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const post = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { 'content-type': 'application/json', ...headers }, payload: {} });

  it('a browser on another address than PUBLIC_URL: one warning with the fix, not one per request', async () => {
    const app = await loggedApp({ PUBLIC_URL: 'https://squares.example.com' });
    t = app.t;
    // People open http://192.168.1.20:3000 while PUBLIC_URL names the public address.
    const fromLan = { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000', 'sec-fetch-site': 'same-origin' };
    // A foreign site's request is not a set-up mistake: no warning for it.
    expect((await post(t, { host: '192.168.1.20:3000', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(app.warnings('PUBLIC_URL')).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await post(t, fromLan)).statusCode).toBe(403);
    // An older browser without Sec-Fetch-Site: its Origin names the host it sent the request to.
    expect((await post(t, { host: '10.0.0.5:3000', origin: 'http://10.0.0.5:3000' })).statusCode).toBe(403);
    expect(app.warnings('PUBLIC_URL').map(warning)).toEqual([
      'A browser opened this app at http://192.168.1.20:3000 but PUBLIC_URL is https://squares.example.com: its changes are refused as coming from another site. ' +
        'Set PUBLIC_URL to the address people open.',
    ]);
    // The right address says nothing.
    expect((await post(t, { origin: 'https://squares.example.com', 'sec-fetch-site': 'same-origin' })).statusCode).toBeLessThan(500);
    expect(app.warnings('PUBLIC_URL')).toHaveLength(1);
  });

  it('X-Forwarded-For with TRUST_PROXY off: one warning with the fix', async () => {
    const app = await loggedApp({});
    t = app.t;
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-forwarded-for': `203.0.113.${i}` } })).statusCode).toBe(200);
    }
    expect(app.warnings('X-Forwarded-For').map(warning)).toEqual([
      'A request came through a reverse proxy (X-Forwarded-For) but TRUST_PROXY is off: every visitor has the proxy’s address and shares one rate limit. ' +
        'Set TRUST_PROXY=true behind your reverse proxy.',
    ]);
  });

  it('says nothing when the settings fit: TRUST_PROXY on behind a proxy, no PUBLIC_URL in a trial', async () => {
    const app = await loggedApp({ TRUST_PROXY: 'true' });
    t = app.t;
    await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-forwarded-for': '203.0.113.9' } });
    await post(t, { host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' });
    expect(app.warnings('"level":40')).toEqual([]);
  });
});
