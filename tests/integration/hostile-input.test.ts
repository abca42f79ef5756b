import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EMAIL, ORGANIZER_TOOL_ERRORS } from '@core/messages';
import { createTestApp, type TestApp } from '../support/app';
import { SAME_ORIGIN, testAccount, type TestAccount } from '../support/accounts';
import { testDbKind } from '../support/db';
import { type JsonSchema, toJsonSchema } from '../support/json-schema';
import { insertGame } from '../support/fixtures';

/**
 * Input no client sends by accident, at every route the app registers (issue 23, part 3): a NUL
 * (which PostgreSQL refuses in text) in every path parameter, query parameter and body string,
 * and JSON nested 10,000 levels deep to every route that takes a body. Each answer is a 4xx (or
 * a success for a route that ignores the value), never a 5xx.
 */

interface Route {
  method: string;
  url: string;
  body?: JsonSchema;
  querystring?: JsonSchema;
}

const NUL = 'a\u0000b';
const DEEP = 10_000;

/** A value of the schema's shape with a NUL in every string it holds. */
function withNul(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return NUL;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return withNul(choices.find((c) => c.type !== 'null') ?? choices[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, withNul(value, depth + 1)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => withNul(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return NUL;
  }
}

describe(`hostile input at every route: no 5xx (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let gameId: string;
  const routes: Route[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { SWEEP_INTERVAL_SECONDS: '3600' },
      onRoute: (route: RouteOptions) => {
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          routes.push({
            method,
            url: route.url,
            ...(schema.body ? { body: toJsonSchema(schema.body) } : {}),
            ...(schema.querystring ? { querystring: toJsonSchema(schema.querystring) } : {}),
          } as Route);
        }
      },
    });
    admin = await testAccount(t, { prefix: 'hostile', admin: true });
    gameId = await insertGame(t.db.handle, { created_by: admin.id });
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, payload?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { origin: SAME_ORIGIN, cookie: admin.cookie, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });

  /** The route's path with each parameter a real game id, or `value` for the one at `index`. */
  const pathOf = (url: string, index = -1, value = '') => {
    let i = 0;
    return url.replace(/:[A-Za-z_]+|\*/g, (param) => {
      const here = i++;
      if (here === index) return encodeURIComponent(value);
      if (param === '*') return 'get-session';
      return param === ':period' ? '1' : gameId;
    });
  };

  /** Routes that end an answer only when the client leaves (live updates); not for inject. */
  const streams = (route: Route) => route.url.endsWith('/events');

  it('a NUL in every path parameter', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => /[:*]/.test(r.url) && !streams(r))) {
      const count = (route.url.match(/:[A-Za-z_]+|\*/g) ?? []).length;
      for (let index = 0; index < count; index++) {
        const url = pathOf(route.url, index, NUL);
        const res = await send(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(withNul(route.body)));
        if (res.statusCode >= 500) wrong.push(`${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a NUL in every body string and every query parameter', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !streams(r))) {
      const url = pathOf(route.url);
      if (route.body) {
        const res = await send(route.method, url, JSON.stringify(withNul(route.body)));
        if (res.statusCode >= 500) wrong.push(`${route.method} ${url} body -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      const names = Object.keys(route.querystring?.properties ?? {});
      const query = new URLSearchParams([...names, 'x', 'token', 'callbackURL'].map((name) => [name, NUL]));
      const res = await send(route.method, `${url}?${query}`, route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}');
      if (res.statusCode >= 500) wrong.push(`${route.method} ${url}?${query} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a NUL in the ids and names our routes look up (accounts, players, games in a cart, sign-in), and a duplicate square', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', `/api/admin/games/${gameId}/squares/assign`, { squares: [{ x: 0, y: 0 }], to: { account: NUL } }],
      ['POST', `/api/admin/games/${gameId}/squares/assign`, { squares: [{ x: 0, y: 0 }], to: { name: 'Aunt May', email: `may${NUL}@example.com` } }],
      ['POST', `/api/admin/games/${gameId}/squares/mark-paid`, { user_id: NUL }],
      ['POST', `/api/admin/games/${gameId}/squares/release`, { user_id: NUL }],
      ['POST', '/api/checkout', { cart: [{ game_id: NUL, game_title: 'x', price_per_square: 10, squares: [{ x: 1, y: 1 }] }] }],
      ['POST', '/api/auth/sign-in/email', { email: `a${NUL}@example.com`, password: 'Wrong#Guess123' }],
      ['POST', '/api/auth/sign-in/magic-link', { email: `a${NUL}@example.com` }],
      ['GET', `/api/games?cursor=${encodeURIComponent(NUL)}`, undefined],
      ['GET', `/api/checkout/test/${encodeURIComponent(NUL)}`, undefined],
    ];
    const wrong: string[] = [];
    for (const [method, url, body] of cases) {
      const res = await send(method, url, body === undefined ? undefined : JSON.stringify(body));
      if (res.statusCode < 400 || res.statusCode >= 500) wrong.push(`${method} ${url} ${JSON.stringify(body)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it(`JSON nested ${DEEP} levels deep, to every route that takes a body`, async () => {
    const wrong: string[] = [];
    const shapes = ['['.repeat(DEEP) + ']'.repeat(DEEP), '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP), `{"email":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`];
    for (const route of routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE' && !streams(r))) {
      for (const auth of route.url === '/api/auth/*' ? ['sign-in/email', 'sign-up/email', 'update-user', 'sign-in/magic-link', 'nope'] : ['']) {
        const url = auth ? `/api/auth/${auth}` : pathOf(route.url);
        for (const payload of shapes) {
          const res = await send(route.method, url, payload);
          if (res.statusCode >= 500) wrong.push(`${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe(`the organizer's Assign: e-mails by the free-text rule, each square once (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let gameId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'assigner', admin: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/games',
      headers: { origin: SAME_ORIGIN, cookie: admin.cookie },
      payload: { title: 'Assign Bowl', team_a: 'A', team_b: 'B', price_per_square: 10, payment_method: 'organizer', payment_instructions: 'Cash to Sam' },
    });
    expect(created.statusCode, created.body).toBe(201);
    gameId = (created.json() as { game: { id: string } }).game.id;
  });
  afterAll(() => t.close());

  const assign = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/games/${gameId}/squares/assign`,
      headers: { origin: SAME_ORIGIN, cookie: admin.cookie },
      payload: payload as object,
    });
  const refusal = (message: string) => ({ error: { code: 'VALIDATION_ERROR', message } });

  it.each([
    ['a right-to-left override', 'may\u202e@example.com', ORGANIZER_TOOL_ERRORS.personEmailNotAllowed],
    ['a zero-width space', 'ma\u200by@example.com', ORGANIZER_TOOL_ERRORS.personEmailNotAllowed],
    ['a zero-width joiner', 'ma\u200dy@example.com', ORGANIZER_TOOL_ERRORS.personEmailNotAllowed],
    ['a control character', 'may\u0007@example.com', ORGANIZER_TOOL_ERRORS.personEmailNotAllowed],
    ['a line break inside', 'may@exa\nmple.com', INVALID_EMAIL],
    ['a byte order mark', '\ufeffmay@example.com', ORGANIZER_TOOL_ERRORS.personEmailNotAllowed],
    ['255 characters', `${'m'.repeat(243)}@example.com`, ORGANIZER_TOOL_ERRORS.personEmailTooLong],
    ['10,000 characters', `${'m'.repeat(10_000)}@example.com`, ORGANIZER_TOOL_ERRORS.personEmailTooLong],
    ['no @', 'may.example.com', INVALID_EMAIL],
  ])('an e-mail with %s is a 400 with a clear message, and nothing is assigned', async (_what, email, message) => {
    const res = await assign({ squares: [{ x: 2, y: 2 }], to: { name: 'Aunt May', email } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(refusal(message));
    expect(await t.db.handle.db.selectFrom('squares').select('id').where('game_id', '=', gameId).execute()).toEqual([]);
  });

  it('a NUL in the e-mail is a 400 on every database', async () => {
    const res = await assign({ squares: [{ x: 2, y: 2 }], to: { name: 'Aunt May', email: 'may\u0000@example.com' } });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('a plain address, with spaces around and capitals, is kept trimmed and lower-cased; 254 characters fit', async () => {
    const res = await assign({ squares: [{ x: 3, y: 3 }], to: { name: 'Aunt May', email: '  May@Example.COM ' } });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.handle.db.selectFrom('named_people').select('email').executeTakeFirstOrThrow();
    expect(row.email).toBe('may@example.com');
    const longest = `${'m'.repeat(242)}@example.com`;
    expect(longest).toHaveLength(254);
    expect((await assign({ squares: [{ x: 3, y: 4 }], to: { name: 'Long Name', email: longest } })).statusCode).toBe(200);
  });

  it('the same square twice in one request is a 400, for assign, mark paid and release', async () => {
    const twice = [
      { x: 5, y: 5 },
      { x: 5, y: 5 },
    ];
    for (const to of [{ name: 'Aunt May' }, { account: admin.username }, { name: 'Bob', email: 'bob@example.com' }]) {
      for (const paid of [false, true]) {
        const res = await assign({ squares: twice, to, paid });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual(refusal(ORGANIZER_TOOL_ERRORS.selectionTwice));
      }
    }
    for (const tool of ['mark-paid', 'mark-unpaid', 'release']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/games/${gameId}/squares/${tool}`,
        headers: { origin: SAME_ORIGIN, cookie: admin.cookie },
        payload: {
          squares: [
            { x: 3, y: 3 },
            { x: 3, y: 3 },
          ],
        },
      });
      expect(res.statusCode, `${tool}: ${res.body}`).toBe(400);
    }
    expect(await t.db.handle.db.selectFrom('squares').select('id').where('x', '=', 5).execute()).toEqual([]);
  });
});
