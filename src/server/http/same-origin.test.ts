import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseFingerprint, type TestApp } from '../../../tests/support/app';
import { sessionIdOf, startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { insertGame, insertNumbers } from '../../../tests/support/fixtures';
import { sellSquares } from '../../../tests/support/game-day';
import { ok } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';
import { raw } from '../../../tests/support/raw-http';

/**
 * The same-origin check decides on the route that will run, not on how the path is spelled: the
 * router decodes `%61`, so `/%61pi/...` is `/api/...`. Raw HTTP here (inject would normalize
 * some spellings before the server saw them).
 */

const encodeChar = (c: string, upper = false) => {
  const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** Ways to write a path that a router might or might not take for the same route. */
export function spellingsOf(path: string): string[] {
  const segments = path.split('/').slice(1);
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const spellings = new Set<string>([path]);
  // The first letter of each segment percent-encoded, in lower- and upper-case hex.
  segments.forEach((segment, i) => {
    if (segment === '') return;
    for (const upper of [false, true]) {
      spellings.add(join(segments.map((s, j) => (j === i ? encodeChar(s[0]!, upper) + s.slice(1) : s))));
    }
  });
  // Every character encoded.
  spellings.add(join(segments.map((s) => [...s].map((c) => encodeChar(c)).join(''))));
  spellings.add(`/${path}`);
  spellings.add(path.replace('/api/', '/api//'));
  spellings.add(`${path}/`);
  spellings.add(path.toUpperCase());
  spellings.add(path.replace('/api/', '/API/'));
  spellings.add(`${path};x=1`);
  spellings.add(path.replace('/api/', '/api;x=1/'));
  spellings.add(path.replace('/api/', '/api%2F'));
  spellings.add(path.replace('/api/', '/api%2f'));
  spellings.add(`${path}?x=1`);
  spellings.add(`${path}#x`);
  spellings.add(`/.${path}`);
  spellings.add(`/x/..${path}`);
  spellings.add(path.replace('/api/', '/api\\'));
  spellings.add(path.replace('/api/', '/api/./'));
  return [...spellings];
}

const FOREIGN_HEADERS: Array<Record<string, string>> = [
  { origin: 'http://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
];

describe(`the same-origin check holds for every spelling of a path (${testDbKind})`, () => {
  let t: TestServer;
  let base: string;
  let admin: TestAccount;
  let player: TestAccount;
  let drawnGameId: string;
  let openGameId: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestServer();
    base = t.url;
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    player = await testAccount(t, { prefix: 'player' });
    // A drawn game with Q1 scored: its payout waits for Mark Paid (the reported case).
    drawnGameId = await insertGame(t.db.handle, { created_by: admin.id });
    await sellSquares(t.db.handle, drawnGameId, () => player.id);
    await insertNumbers(t.db.handle, drawnGameId, [3, 1, 4, 0, 5, 9, 2, 6, 8, 7], [2, 7, 1, 8, 0, 6, 9, 3, 5, 4], { by: admin.id });
    await ok(t.app, 'PUT', `/api/admin/games/${drawnGameId}/periods/1`, admin.cookie, { team_a_score: 7, team_b_score: 3 });
    // An open game and a player's open test checkout in it.
    openGameId = await insertGame(t.db.handle, { created_by: admin.id });
    const started = await startCheckout(t.app, player, [{ game_id: openGameId, game_title: 'Test Bowl', price_per_square: 10, squares: [{ x: 0, y: 0 }] }]);
    expect(started.statusCode, started.body).toBe(201);
    sessionId = await sessionIdOf(t.db.handle, (started.json() as { checkout_id: string }).checkout_id);
  });
  afterAll(() => t.close());

  /** State-changing requests of every kind, each with the cookie of someone allowed to make it. */
  function targets(): Array<{ method: string; path: string; cookie: () => string; body?: unknown }> {
    const asAdmin = () => admin.cookie;
    const asPlayer = () => player.cookie;
    return [
      { method: 'POST', path: `/api/admin/games/${drawnGameId}/periods/1/payout/mark-paid`, cookie: asAdmin, body: { reference: 'evil' } },
      { method: 'POST', path: `/api/admin/games/${drawnGameId}/periods/1/payout/retry`, cookie: asAdmin },
      { method: 'PUT', path: `/api/admin/games/${drawnGameId}/periods/2`, cookie: asAdmin, body: { team_a_score: 1, team_b_score: 2 } },
      { method: 'POST', path: `/api/admin/games/${drawnGameId}/periods/confirm-all`, cookie: asAdmin, body: { scores: {} } },
      { method: 'PUT', path: `/api/admin/games/${drawnGameId}/numbers/visibility`, cookie: asAdmin, body: { revealed: true } },
      { method: 'DELETE', path: `/api/admin/games/${openGameId}/numbers`, cookie: asAdmin },
      { method: 'POST', path: `/api/admin/games/${openGameId}/numbers/randomize`, cookie: asAdmin, body: { confirm_not_full: true } },
      {
        method: 'POST',
        path: '/api/admin/games',
        cookie: asAdmin,
        body: { title: 'Evil Bowl', team_a: 'A', team_b: 'B', game_type: 'nfl', price_per_square: 5, payout_schedule: 'even' },
      },
      { method: 'PATCH', path: `/api/admin/games/${openGameId}`, cookie: asAdmin, body: { title: 'Evil Title' } },
      { method: 'DELETE', path: `/api/admin/games/${openGameId}`, cookie: asAdmin },
      {
        method: 'POST',
        path: '/api/checkout',
        cookie: asPlayer,
        body: { cart: [{ game_id: openGameId, game_title: 'Test Bowl', price_per_square: 10, squares: [{ x: 5, y: 5 }] }] },
      },
      {
        method: 'POST',
        path: `/api/checkout/test/${sessionId}/pay`,
        cookie: asPlayer,
        body: { card_number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Evil' },
      },
      { method: 'POST', path: `/api/checkout/test/${sessionId}/cancel`, cookie: asPlayer },
      { method: 'POST', path: '/api/auth/sign-out', cookie: asPlayer, body: {} },
      { method: 'POST', path: '/api/auth/update-user', cookie: asPlayer, body: { name: 'evil' } },
      { method: 'POST', path: '/api/auth/delete-user', cookie: asPlayer, body: {} },
    ];
  }

  it('the reported request: POST /%61pi/.../payout/mark-paid from another site with the admin cookie is refused and the payout stays pending', async () => {
    const res = await raw(
      base,
      'POST',
      `/%61pi/admin/games/${drawnGameId}/periods/1/payout/mark-paid`,
      { origin: 'http://evil.example', cookie: admin.cookie },
      '{}',
    );
    expect(res.status, res.body).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'FOREIGN_ORIGIN' } });
    const row = await t.db.handle.db
      .selectFrom('game_winners')
      .select('payout_status')
      .where('game_id', '=', drawnGameId)
      .where('period', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.payout_status).toBe('pending');
  });

  it('every spelling of every state-changing route, from another site with a valid cookie: 403 and the database unchanged', async () => {
    const before = await databaseFingerprint(t.db.handle);
    const wrong: string[] = [];
    let count = 0;
    for (const target of targets()) {
      for (const path of spellingsOf(target.path)) {
        for (const foreign of FOREIGN_HEADERS) {
          const body = target.body === undefined ? undefined : JSON.stringify(target.body);
          const res = await raw(base, target.method, path, { ...foreign, cookie: target.cookie() }, body);
          count += 1;
          if (res.status !== 403 || !res.body.includes('FOREIGN_ORIGIN'))
            wrong.push(`${target.method} ${path} ${JSON.stringify(foreign)} -> ${res.status} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(count).toBeGreaterThan(500);
    expect(await databaseFingerprint(t.db.handle)).toEqual(before);
  });

  it('methods the router does not know, and reads with a body, change nothing from another site', async () => {
    const before = await databaseFingerprint(t.db.handle);
    const path = `/api/admin/games/${drawnGameId}/periods/1/payout/mark-paid`;
    for (const method of ['PROPFIND', 'PURGE', 'MKCOL', 'SEARCH', 'LOCK', 'COPY', 'MOVE', 'REPORT', 'TRACE', 'CONNECT', 'QUERY']) {
      const res = await raw(base, method, path, { origin: 'http://evil.example', cookie: admin.cookie }, '{}').catch(() => null);
      // Methods Node's parser knows reach the check (403); the others end at the parser (400) or the socket.
      if (res) expect([400, 403], `${method}: ${res.status} ${res.body}`).toContain(res.status);
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const res = await raw(base, method, path, { origin: 'http://evil.example', cookie: admin.cookie }, '{"reference":"evil"}');
      expect(res.status, `${method} ${res.body}`).toBeLessThan(500);
      expect(res.status, method).not.toBe(200);
    }
    expect(await databaseFingerprint(t.db.handle)).toEqual(before);
  });

  it('the odd spellings do reach the routes: from the app itself, /%61pi/... marks the payout paid', async () => {
    const res = await raw(base, 'POST', `/%61pi/admin/games/${drawnGameId}/periods/1/payout/mark-paid`, { origin: base, cookie: admin.cookie }, '{}');
    expect(res.status, res.body).toBe(200);
    const withoutOrigin = await raw(
      base,
      'PATCH',
      `/api/admin/g%61mes/${openGameId}`,
      { cookie: admin.cookie, 'sec-fetch-site': 'same-origin' },
      '{"title":"Renamed"}',
    );
    expect(withoutOrigin.status, withoutOrigin.body).toBe(200);
  });

  it('an Origin of our own does not outvote a Sec-Fetch-Site that says another site', async () => {
    const res = await raw(
      base,
      'PATCH',
      `/api/admin/games/${openGameId}`,
      { origin: base, 'sec-fetch-site': 'cross-site', cookie: admin.cookie },
      '{"title":"Mixed"}',
    );
    expect(res.status, res.body).toBe(403);
  });

  it('unknown paths are checked too: a POST to no route from another site is 403, from the app 404', async () => {
    expect((await raw(base, 'POST', '/api/nothing/here', { origin: 'http://evil.example' }, '{}')).status).toBe(403);
    expect((await raw(base, 'POST', '/api/nothing/here', { origin: base }, '{}')).status).toBe(404);
  });
});

describe(`only the Stripe webhook route itself is exempt (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Stripe is never reached: an unsigned event is refused before any call.
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it('spellings the router takes for the webhook reach it (400 bad signature); the others are refused (403)', async () => {
    const post = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: { origin: 'https://stripe.example', 'content-type': 'application/json' }, payload: '{}' });
    for (const url of ['/api/stripe/webhook', '/%61pi/stripe/webhook', '/api/stripe/webhook?x=1']) {
      const res = await post(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
    }
    for (const url of ['/api/stripe/webhook/', '/API/stripe/webhook', '/api/stripe/webhooks', '/api/stripe']) {
      const res = await post(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
    }
  });
});
