import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAs, signedInPlayer, signOut, whoAmI } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

const FOREIGN = { error: { code: 'FOREIGN_ORIGIN', message: 'This request came from another site and was refused.' } };

/** A state-changing route of our own, standing in for every real one. */
function echoRoute(app: FastifyInstance): void {
  app.post('/api/test/echo', async () => ({ ok: true }));
  app.get('/api/test/echo', async () => ({ ok: true }));
}

function post(app: FastifyInstance, headers: Record<string, string>) {
  return app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: {} });
}

describe(`our API refuses state-changing requests from another site (D5 trial: Origin against Host, ${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ routes: echoRoute });
  });
  afterAll(() => t.close());

  it('a foreign Origin gets 403 FOREIGN_ORIGIN', async () => {
    const res = await post(t.app, { host: 'localhost:3000', origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FOREIGN);
  });

  it.each([
    ['localhost:3000', 'http://localhost:3000'],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['192.168.1.20:3000', 'http://192.168.1.20:3000'],
  ])('Host %s with Origin %s passes', async (host, origin) => {
    const res = await post(t.app, { host, origin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it.each([
    ['localhost:3000', 'http://127.0.0.1:3000'],
    ['localhost:3000', 'http://localhost:3001'],
    ['localhost:3000', 'https://localhost:3000'],
    ['localhost:3000', 'null'],
  ])('Host %s with Origin %s is another origin: 403', async (host, origin) => {
    const res = await post(t.app, { host, origin });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FOREIGN);
  });

  it('an Origin without the default port matches a Host that names it (http://localhost and localhost:80)', async () => {
    expect((await post(t.app, { host: 'localhost:80', origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await post(t.app, { host: 'localhost', origin: 'http://localhost' })).statusCode).toBe(200);
  });

  it.each([['cross-site'], ['same-site']])('no Origin but Sec-Fetch-Site: %s gets 403', async (site) => {
    const res = await post(t.app, { host: 'localhost:3000', 'sec-fetch-site': site });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FOREIGN);
  });

  it.each([['same-origin'], ['none']])('no Origin and Sec-Fetch-Site: %s passes', async (site) => {
    expect((await post(t.app, { host: 'localhost:3000', 'sec-fetch-site': site })).statusCode).toBe(200);
  });

  it('no Origin and no Sec-Fetch-Site (not a browser, so no victim cookies) passes', async () => {
    expect((await post(t.app, { host: 'localhost:3000' })).statusCode).toBe(200);
  });

  it('reads (GET) are not checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/echo', headers: { host: 'localhost:3000', origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe(`a malformed Host header is the client's mistake, not a crash (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ routes: echoRoute });
  });
  afterAll(() => t.close());

  it.each([['bad host'], ['x:99999'], ['[::1'], ['user@localhost:3000']])('Host %j: a 4xx on our routes and on the auth routes', async (host) => {
    const ours = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { host, origin: 'http://localhost:3000' }, payload: {} });
    expect(ours.statusCode, ours.body).toBeGreaterThanOrEqual(400);
    expect(ours.statusCode, ours.body).toBeLessThan(500);
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host },
      payload: { email: 'someone@example.com', password: 'Wrong#Guess123' },
    });
    expect(auth.statusCode, auth.body).toBeGreaterThanOrEqual(400);
    expect(auth.statusCode, auth.body).toBeLessThan(500);
  });
});

describe(`with PUBLIC_URL the Origin must be PUBLIC_URL's (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://squares.example.com' }, routes: echoRoute });
  });
  afterAll(() => t.close());

  it('its own origin passes', async () => {
    expect((await post(t.app, { host: 'squares.example.com', origin: 'https://squares.example.com' })).statusCode).toBe(200);
    // Behind a proxy the Host the app sees may differ; the Origin is what counts.
    expect((await post(t.app, { host: '127.0.0.1:3000', origin: 'https://squares.example.com' })).statusCode).toBe(200);
  });

  it.each([['http://squares.example.com'], ['https://evil.example'], ['https://squares.example.com.evil.example'], ['http://127.0.0.1:3000']])(
    'Origin %s gets 403, even when it matches the Host',
    async (origin) => {
      const res = await post(t.app, { host: new URL(origin).host, origin });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FOREIGN);
    },
  );
});

describe(`the auth routes refuse another site too (${testDbKind})`, () => {
  for (const [label, env, home] of [
    ['trial', {}, { host: 'localhost:3000', origin: 'http://localhost:3000' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://squares.example.com' }, { host: 'squares.example.com', origin: 'https://squares.example.com' }],
  ] as const) {
    describe(label, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp({ env });
      });
      afterAll(() => t.close());

      it('a sign-out posted from another site with the victim cookie is refused and the session lives on', async () => {
        const { email, cookie } = await signedInPlayer(t.app, 'victim', home);
        const res = await signOut(t.app, cookie, { host: home.host, origin: 'http://evil.example' });
        expect(res.statusCode).toBe(403);
        expect((await whoAmI(t.app, cookie)).user?.email).toBe(email);
      });

      it('a login posted from another site is refused (login CSRF)', async () => {
        const player = await signedInPlayer(t.app, 'csrf', home);
        const res = await logInAs(t.app, player.email, player.password, { host: home.host, origin: 'http://evil.example' });
        expect(res.statusCode).toBe(403);
        expect(res.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/session_token=[^;]/)]));
      });

      it('the same requests from the home origin pass', async () => {
        const player = await signedInPlayer(t.app, 'home', home);
        expect((await logInAs(t.app, player.email, player.password, home)).statusCode).toBe(200);
        expect((await signOut(t.app, player.cookie, home)).statusCode).toBe(200);
        expect((await whoAmI(t.app, player.cookie)).user).toBeNull();
      });
    });
  }
});

// Open redirects (callbacks of auth links): redirects.test.ts.
