import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, databaseFingerprint, guardedRoutes, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { send } from '../../../tests/support/request';
import type { SessionGuards } from './session';

/**
 * Design note 032: one shape for admin routes. Every route guarded by `app.guards.admin` is under
 * /api/admin/, and every route under /api/admin/ is guarded by it (onRequest). Public and player
 * routes stay under /api/games and the rest. Checked over every route the real app registers.
 */

const ADMIN_PREFIX = '/api/admin/';

const hooksOf = (route: RouteOptions) => [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
const named = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;

/** The routes that break the rule: admin-guarded outside /api/admin/, or under it without the guard in onRequest. */
function misplaced(routes: readonly RouteOptions[], requireAdmin: SessionGuards['requireAdmin']) {
  return {
    guardedElsewhere: routes.filter((r) => !r.url.startsWith(ADMIN_PREFIX) && hooksOf(r).includes(requireAdmin)).map(named),
    unguardedInside: routes.filter((r) => r.url.startsWith(ADMIN_PREFIX) && ![r.onRequest].flat().includes(requireAdmin)).map(named),
  };
}

describe(`every admin route is under /api/admin/, and only there (design note 032, ${testDbKind})`, () => {
  // Two apps between them register every route the app has: a trial (the test checkout) and one
  // with Stripe's webhook and /metrics.
  const apps: Array<{ t: TestApp; routes: RouteOptions[] }> = [];
  beforeAll(async () => {
    const envs: Record<string, string>[] = [
      {},
      { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9', METRICS: 'true' },
    ];
    for (const env of envs) {
      const routes: RouteOptions[] = [];
      apps.push({ t: await createTestApp({ env, onRoute: (route) => void routes.push(route) }), routes });
    }
  });
  afterAll(() => Promise.all(apps.map(({ t }) => t.close())));

  it('the app registers its admin routes under /api/admin/ with the guard in onRequest, and none elsewhere', () => {
    for (const { t, routes } of apps) {
      expect(misplaced(routes, t.app.guards.requireAdmin)).toEqual({ guardedElsewhere: [], unguardedInside: [] });
      const admin = routes.filter((r) => r.method !== 'HEAD' && r.url.startsWith(ADMIN_PREFIX));
      // The games list, create/edit/delete, and the tools of each game (invite, members, game day, payments, payouts, orders, exports).
      expect(admin.length).toBeGreaterThanOrEqual(25);
    }
    const all = new Set(apps.flatMap(({ routes }) => routes.map(named)));
    expect(all).toContain('POST /api/stripe/webhook');
    expect(all).toContain('GET /metrics');
    expect([...all].filter((route) => route.includes('/api/checkout/test/'))).not.toEqual([]);
  });

  it('finds an admin-guarded route added elsewhere (the test stand-in /api/test/admin)', async () => {
    const routes: RouteOptions[] = [];
    const t = await createTestApp({ onRoute: (route) => void routes.push(route), routes: guardedRoutes });
    try {
      expect(misplaced(routes, t.app.guards.requireAdmin).guardedElsewhere).toEqual(['GET /api/test/admin', 'HEAD /api/test/admin']);
    } finally {
      await t.close();
    }
  });
});

describe(`the old admin addresses are gone: 404, nothing changed (design note 032, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let gameId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { admin: true });
    gameId = await insertGame(t.db.handle, { title: 'Moved Bowl' });
  });
  afterAll(() => t.close());

  /** Every table but the sessions (a read may refresh one). */
  const tables = async () => {
    const { session: _session, ...rest } = await databaseFingerprint(t.db.handle);
    return rest;
  };

  it.each([
    ['POST', '/api/games', { title: 'Old Way Bowl', team_a: 'A', team_b: 'B', price_per_square: 10 }],
    ['PATCH', '/api/games/:id', { title: 'Renamed the old way' }],
    ['DELETE', '/api/games/:id', undefined],
    ['GET', '/api/games/:id/game-day', undefined],
    ['POST', '/api/games/:id/numbers/randomize', { confirm_not_full: true }],
    ['POST', '/api/games/:id/periods/confirm-all', { scores: {} }],
    ['GET', '/api/games/:id/invite', undefined],
    ['POST', '/api/games/:id/squares/mark-paid', { squares: [{ x: 0, y: 0 }] }],
    ['GET', '/api/games/:id/payments', undefined],
    ['GET', '/api/games/:id/orders', undefined],
    ['GET', '/api/games/:id/export/squares.csv', undefined],
  ] as const)('%s %s answers the admin 404', async (method, path, payload) => {
    const url = path.replace(':id', gameId);
    const before = await tables();
    const res = await send(t.app, method, url, { cookie: admin.cookie, payload });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No route ${method} ${url}` } });
    // The new address answers the same admin.
    const moved = await send(t.app, 'GET', `/api/admin/games/${gameId}/game-day`, { cookie: admin.cookie });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await tables()).toEqual(before);
  });
});
