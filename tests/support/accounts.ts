import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { parseSettings } from '../../src/server/config';
import { migrate } from '../../src/server/db/migrate';
import { TEST_SECRET, type TestApp } from './app';
import { cookiesOf, freshIp, latestMail, newAccount, type Account } from './auth';
import { createTestDatabase, type TestDatabase } from './db';

export { freshIp };

/**
 * Account steps for the accounts tests. Every request comes from a loopback address of its
 * own, so the per-IP rate limits (5 sign-ups, 10 sign-ins per window) of one step never
 * spill into the next; the rate-limit tests pick their addresses themselves.
 */

/** How a browser reaches the app: the Host it opened and the Origin its page sends. */
export interface Visit {
  host?: string;
  origin?: string;
  ip?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/** The trial as `npm start` serves it. */
export const TRIAL_HOST = 'localhost:3000';
export const TRIAL_ORIGIN = 'http://localhost:3000';

function visitHeaders(visit: Visit): Record<string, string> {
  const host = visit.host ?? TRIAL_HOST;
  return {
    host,
    origin: visit.origin ?? `http://${host}`,
    ...(visit.cookie ? { cookie: visit.cookie } : {}),
    ...visit.headers,
  };
}

/** POST /api/auth/<path> with a JSON body, the way the web app sends it. */
export function postAuth(app: FastifyInstance, path: string, payload: object, visit: Visit = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    remoteAddress: visit.ip ?? freshIp(),
    headers: visitHeaders(visit),
    payload,
  });
}

export function signUpAs(app: FastifyInstance, account: Account, visit: Visit = {}) {
  return postAuth(app, '/sign-up/email', { email: account.email, password: account.password, name: account.username, username: account.username }, visit);
}

export function logInAs(app: FastifyInstance, email: string, password: string, visit: Visit = {}) {
  return postAuth(app, '/sign-in/email', { email, password }, visit);
}

export function signOut(app: FastifyInstance, cookie: string, visit: Visit = {}) {
  return postAuth(app, '/sign-out', {}, { ...visit, cookie });
}

export function requestPasswordReset(app: FastifyInstance, email: string, visit: Visit = {}) {
  return postAuth(app, '/request-password-reset', { email, redirectTo: '/reset-password' }, visit);
}

export function resetPassword(app: FastifyInstance, token: string, newPassword: string, visit: Visit = {}) {
  return postAuth(app, '/reset-password', { newPassword, token }, visit);
}

/** GET a path the way a browser on the trial host does (cookie optional). */
export function getAs(app: FastifyInstance, url: string, visit: Visit = {}) {
  const { origin: _origin, ...headers } = visitHeaders(visit);
  return app.inject({ method: 'GET', url, remoteAddress: visit.ip ?? '127.0.0.1', headers });
}

/** Every Dev Mailbox mail to an address, newest first. */
export async function mailsTo(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
  if (res.statusCode !== 200) throw new Error(`Dev Mailbox answered ${res.statusCode}: ${res.body}`);
  const { mails } = res.json() as { mails: Array<{ to: string; subject: string; text: string; html: string; link: string | null }> };
  return mails.filter((m) => m.to === to);
}

/** Opens a mailed link on the host it names, like a browser clicking it. */
export function followLink(app: FastifyInstance, link: string) {
  const url = new URL(link);
  return app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: url.host } });
}

/** The token of a reset link <origin>/reset-password?token=... */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** The href of every link in an HTML part, entities decoded. */
export function hrefsOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'"));
}

/** Signs up and confirms through the Dev Mailbox; returns the account (not signed in). */
export async function confirmedAccount(app: FastifyInstance, prefix = 'player', visit: Visit = {}): Promise<Account> {
  const account = newAccount(prefix);
  const res = await signUpAs(app, account, visit);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const confirm = await followLink(app, (await latestMail(app, account.email)).link!);
  if (confirm.statusCode !== 302) throw new Error(`confirmation failed: ${confirm.statusCode} ${confirm.body}`);
  return account;
}

/** Logs in and returns the session cookie. */
export async function sessionOf(app: FastifyInstance, account: Account, visit: Visit = {}): Promise<string> {
  const res = await logInAs(app, account.email, account.password, visit);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookiesOf(res);
}

/** A confirmed, signed-in account. */
export async function signedInPlayer(app: FastifyInstance, prefix = 'player', visit: Visit = {}): Promise<Account & { cookie: string }> {
  const account = await confirmedAccount(app, prefix, visit);
  return { ...account, cookie: await sessionOf(app, account, visit) };
}

/** GET /api/me as the trial browser sees it. */
export async function whoAmI(app: FastifyInstance, cookie?: string) {
  const res = await getAs(app, '/api/me', cookie ? { cookie } : {});
  return res.json() as { user: { id: string; email: string; username: string } | null; isAdmin: boolean };
}

/** The admin flag of every account, by e-mail. */
export async function adminFlags(db: TestDatabase): Promise<Record<string, boolean>> {
  const rows = await db.handle.db.selectFrom('user').select(['email', 'isAdmin']).execute();
  return Object.fromEntries(rows.map((r) => [r.email, r.isAdmin]));
}

/** The attributes of one Set-Cookie line: name, value and flags (lower-cased keys). */
export function parseSetCookie(line: string): { name: string; value: string; attributes: Record<string, string | true> } {
  const [pair, ...rest] = line.split(';').map((s) => s.trim());
  const eq = pair!.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const attr of rest) {
    const i = attr.indexOf('=');
    if (i === -1) attributes[attr.toLowerCase()] = true;
    else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
  }
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes };
}

export function setCookieLines(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

export interface CustomAppOptions {
  env?: Record<string, string>;
  /** Fastify logger options (e.g. a stream that keeps every line). */
  logger?: FastifyServerOptions['logger'];
  /** Test-only routes, added before the app is ready. */
  routes?: (app: FastifyInstance) => void;
  /** Reuse an existing database (a second instance, or a restart). */
  database?: TestDatabase;
}

/** Like createTestApp, with test-only routes and a logger of the test's choosing. */
export async function createCustomApp(options: CustomAppOptions = {}): Promise<TestApp> {
  const db = options.database ?? (await createTestDatabase());
  const settings = parseSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: TEST_SECRET, ...options.env });
  settings.database = db.settings;
  await migrate(db.handle, settings, TEST_SECRET);
  const app = await buildApp({ settings, database: db.handle, secret: TEST_SECRET, ...(options.logger !== undefined ? { logger: options.logger } : {}) });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    db,
    settings,
    async close() {
      await app.close();
      if (!options.database) await db.cleanup();
    },
  };
}

/** GET /api/test/user (requireUser) and /api/test/admin (requireAdmin): stand-ins for real guarded routes. */
export function guardedRoutes(app: FastifyInstance): void {
  app.get('/api/test/user', { preHandler: app.guards.requireUser }, async (request) => ({ user: request.user }));
  app.get('/api/test/admin', { preHandler: app.guards.requireAdmin }, async (request) => ({ admin: request.user }));
}
