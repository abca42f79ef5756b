import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { getAs, logInAs, signedInPlayer, testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { send, type Method } from '../../../tests/support/request';

/** Issue 10 item 15: Better Auth's answers carry account data and tokens; no cache may keep them. */
describe(`Better Auth's answers are never cached (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([['/api/auth/get-session'], ['/api/auth/list-sessions'], ['/api/auth/list-accounts'], ['/api/auth/ok']])(
    'GET %s answers Cache-Control: no-store, signed in or not',
    async (url) => {
      const player = await signedInPlayer(t.app, 'nostore');
      const signedIn = await getAs(t.app, url, { cookie: player.cookie });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('no-store');
      if (url === '/api/auth/list-sessions') expect(signedIn.json()).toHaveLength(1);
      expect((await getAs(t.app, url)).headers['cache-control']).toBe('no-store');
    },
  );

  it('a sign-in answer (it sets the session cookie) is not cached either', async () => {
    const player = await signedInPlayer(t.app, 'nostorelogin');
    const res = await logInAs(t.app, player.email, player.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

/**
 * Every admin answer is no-store (issue 23, part 3): the routes are the ones the app registers
 * with the requireAdmin guard, enumerated as they are added, so a new admin route is covered
 * without being listed here.
 */
describe(`every answer of every admin route is Cache-Control: no-store (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;
  let gameId: string;
  const added: RouteOptions[] = [];
  beforeAll(async () => {
    t = await createTestApp({ onRoute: (route) => void added.push(route) });
    [admin, player] = await Promise.all([testAccount(t, { prefix: 'admin', admin: true }), testAccount(t, { prefix: 'player' })]);
    gameId = await insertGame(t.db.handle, { created_by: admin.id });
  });
  afterAll(() => t.close());

  /** method + url of each admin route, reads first (the writes may delete the game). */
  const adminRoutes = () => {
    const requireAdmin = t.app.guards.requireAdmin;
    const routes = added
      .filter((route) => [route.onRequest, route.preValidation, route.preHandler].flat().includes(requireAdmin))
      .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url })))
      .filter((route) => route.method !== 'HEAD');
    return routes.sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
  };
  const pathOf = (url: string) =>
    url
      .replace(':period', '1')
      .replace(':kind', 'squares')
      .replace(/:[A-Za-z_]+/g, gameId);

  it('as an admin, as a player (403) and as a visitor (401)', async () => {
    const routes = adminRoutes();
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/admin/games');
    expect(routes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const { method, url } of routes) {
      for (const who of [player, null, admin]) {
        const res = await send(t.app, method as Method, pathOf(url), { cookie: who?.cookie, ...(method === 'GET' ? {} : { payload: {} }) });
        if (res.headers['cache-control'] !== 'no-store')
          wrong.push(`${method} ${url} as ${who?.email ?? 'visitor'}: ${res.statusCode} ${res.headers['cache-control']}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
