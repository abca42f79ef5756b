import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_SECRET } from './app';
import type { TestDatabase } from './db';
import { sessionRow, userRow } from './session-rows';

/**
 * The one place tests get accounts from.
 *
 * - `testAccount(t)`: a confirmed, signed-in account with its id, by the fast path (the user
 *   and session rows written directly and the session cookie signed as Better Auth signs it: session-rows.ts),
 *   for tests that are not about accounts. `{ via: 'sign-up' }` takes the real path instead:
 *   sign-up through the auth API, the Dev Mailbox link, login. Fast-path accounts have no
 *   password: a test that logs in by password uses the real path.
 * - The real path's steps (`signUpAs`, `confirmedAccount`, `sessionOf`, `signedInPlayer`...) for
 *   the accounts tests themselves. Every auth request comes from a loopback address of its own,
 *   so the per-IP rate limits (5 sign-ups, 10 sign-ins per window) of one step never spill into
 *   the next; the rate-limit tests pick their addresses themselves.
 *
 * tests/integration/quick-account.test.ts holds the fast path to the real one: the app, Better
 * Auth's own getSession and sign-out treat both alike.
 */

/** The Origin a browser on the app's own page sends with inject's default Host (localhost:80). */
export const SAME_ORIGIN = 'http://localhost';
export const GOOD_PASSWORD = 'Squares#2026';
/** The trial as `npm start` serves it. */
const TRIAL_HOST = 'localhost:3000';

export interface Account {
  email: string;
  username: string;
  password: string;
}

/** A signed-in account: its credentials (a fast-path account has no usable password), id and session cookie. */
export interface TestAccount extends Account {
  id: string;
  cookie: string;
}

let ipCounter = 0;
/**
 * A fresh loopback address (127.77.x.y) for each account step: its own budget under the per-IP
 * rate limits, and still "this machine" for the Dev Mailbox.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `127.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let counter = 0;
/** Unique credentials (not yet an account). */
export function newAccount(prefix = 'player'): Account {
  counter += 1;
  const tag = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${tag}@example.com`, username: tag, password: GOOD_PASSWORD };
}

export function setCookieLines(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** Cookie header value from a response's set-cookie lines. */
export function cookiesOf(res: LightMyRequestResponse): string {
  return setCookieLines(res)
    .map((line) => line.split(';')[0])
    .join('; ');
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

// ---------------------------------------------------------------------------------------------
// The one account helper

export interface AccountOptions {
  /** Start of the e-mail and username. */
  prefix?: string;
  /** The D8 admin flag, set in the database as `npm run admin -- grant` does (default: a player). */
  admin?: boolean;
  /** 'fast' (default) writes the rows; 'sign-up' goes through the auth API and the Dev Mailbox. */
  via?: 'fast' | 'sign-up';
}

/** Where the account is made: the app (for the real path) and its database. */
export interface AccountTarget {
  app: FastifyInstance;
  db: Pick<TestDatabase, 'handle'>;
}

/** A confirmed, signed-in account with its id and session cookie. */
export async function testAccount(target: AccountTarget, options: AccountOptions = {}): Promise<TestAccount> {
  const prefix = options.prefix ?? (options.admin ? 'admin' : 'player');
  if (options.via === 'sign-up') {
    const account = await signedInPlayer(target.app, prefix);
    const { id } = await target.db.handle.db.selectFrom('user').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
    // The first confirmed account is made an admin (D8): say what this one is.
    await target.db.handle.db
      .updateTable('user')
      .set({ isAdmin: options.admin ?? false })
      .where('id', '=', id)
      .execute();
    return { ...account, id };
  }
  return quickAccount(target.db, newAccount(prefix), options.admin ?? false);
}

/** The fast path: a confirmed user and a live session written as Better Auth writes them. */
async function quickAccount(db: AccountTarget['db'], account: Account, isAdmin: boolean): Promise<TestAccount> {
  const { kind, raw } = db.handle;
  const id = randomUUID();
  const session = sessionRow(kind, id, TEST_SECRET);
  await raw
    .insertInto('user')
    .values(userRow(kind, { id, email: account.email, username: account.username, isAdmin }))
    .execute();
  await raw.insertInto('session').values(session.row).execute();
  return { ...account, id, cookie: session.cookie };
}

// ---------------------------------------------------------------------------------------------
// The real path, step by step (the accounts tests)

/** How a browser reaches the app: the Host it opened and the Origin its page sends. */
export interface Visit {
  host?: string;
  origin?: string;
  ip?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

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

/** The newest Dev Mailbox mail to an address. */
export async function latestMail(app: FastifyInstance, to: string) {
  const [mail] = await mailsTo(app, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
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

/** Makes an account's sessions `minutes` old (their sign-in time, as Better Auth stores it on each database). */
export async function ageSessions(db: Pick<TestDatabase, 'handle'>, userId: string, minutes: number): Promise<void> {
  const at = new Date(Date.now() - minutes * 60_000);
  await db.handle.raw
    .updateTable('session')
    .set({ createdAt: db.handle.kind === 'sqlite' ? at.toISOString() : at })
    .where('userId', '=', userId)
    .execute();
}
