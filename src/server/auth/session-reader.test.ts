import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedAccount, cookiesOf, parseSetCookie, setCookieLines, signedInPlayer, signOut } from '../../../tests/support/accounts';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { parseSettings } from '../config';
import { openDatabase } from '../db/connection';
import { createAuth, type Auth } from './auth';
import { readerConfigOf } from './session';
import { ASK_BETTER_AUTH, sessionReader, signedCookie, toSessionUser, type SessionReader, type SessionUser } from './session-reader';
import { cookieValue } from '../http/cookies';
import { sessionRepository } from './session.repository';

const COOKIE = 'better-auth.session_token';
const DAY = 24 * 60 * 60 * 1000;

/** A session cookie as Better Auth writes it: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
const signWith = (secret: string, token: string) => encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe(`the lean session reader agrees with Better Auth's getSession (${testDbKind})`, () => {
  let t: TestApp;
  let auth: Auth;
  let reader: SessionReader;
  let reads = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // The same Better Auth the app builds, on the same database and secret.
    auth = createAuth({ database: t.db.handle, settings: t.settings, secret: TEST_SECRET });
    const repo = sessionRepository(t.db.handle.raw);
    reader = sessionReader(readerConfigOf(await auth.$context), {
      sessionByToken: (token) => {
        reads += 1;
        return repo.sessionByToken(token);
      },
    });
  });
  afterAll(() => t.close());

  async function betterAuthSays(cookie: string | undefined): Promise<SessionUser | null> {
    const result = await auth.api.getSession({ headers: new Headers({ host: 'localhost:3000', ...(cookie === undefined ? {} : { cookie }) }) });
    if (!result) return null;
    const user = result.user as typeof result.user & { username?: string | null; displayUsername?: string | null; isAdmin?: boolean };
    return toSessionUser({
      userId: user.id,
      email: user.email,
      name: user.name,
      username: user.username ?? null,
      displayUsername: user.displayUsername ?? null,
      isAdmin: user.isAdmin ?? null,
    });
  }

  /** The lean reader's own verdict, the app's guard's (which asks Better Auth where the reader says so), then Better Auth's. */
  async function verdicts(cookie: string | undefined) {
    const lean = await reader.read(cookie);
    const guard = await t.app.guards.currentUser({ headers: { host: 'localhost:3000', ...(cookie === undefined ? {} : { cookie }) } } as FastifyRequest);
    const betterAuth = await betterAuthSays(cookie);
    return { lean, guard, betterAuth };
  }

  const tokenOf = (cookie: string) => cookieValue(cookie, COOKIE)!.split('.')[0]!;
  const setExpiry = (cookie: string, at: Date) =>
    t.db.handle.raw
      .updateTable('session')
      .set({ expiresAt: t.db.handle.kind === 'sqlite' ? at.toISOString() : at })
      .where('token', '=', tokenOf(cookie))
      .execute();
  const expiryOf = async (cookie: string) => {
    const row = await t.db.handle.raw.selectFrom('session').select('expiresAt').where('token', '=', tokenOf(cookie)).executeTakeFirst();
    return row ? new Date(row.expiresAt as string | Date).getTime() : null;
  };

  it('reads a valid session itself, as the same user and admin flag Better Auth gives', async () => {
    const player = await signedInPlayer(t.app);
    // The first confirmed account is made an admin (D8): start from a player.
    await t.db.handle.db.updateTable('user').set({ isAdmin: false }).where('email', '=', player.email).execute();
    const { lean, guard, betterAuth } = await verdicts(player.cookie);
    expect(lean).not.toBe(ASK_BETTER_AUTH);
    expect(lean).toMatchObject({ email: player.email, username: player.username, isAdmin: false });
    expect(guard).toEqual(lean);
    expect(betterAuth).toEqual(lean);

    await t.db.handle.db.updateTable('user').set({ isAdmin: true }).where('email', '=', player.email).execute();
    const asAdmin = await verdicts(player.cookie);
    expect(asAdmin.lean).toMatchObject({ isAdmin: true });
    expect(asAdmin.betterAuth).toEqual(asAdmin.lean);
  });

  it('reads the session as a statement of its own on SQLite', () => {
    expect(sessionRepository(t.db.handle.raw).readsDirectly).toBe(t.db.handle.kind === 'sqlite');
  });

  it('reads the database on every call: nothing is cached', async () => {
    const player = await signedInPlayer(t.app);
    const before = reads;
    await reader.read(player.cookie);
    await reader.read(player.cookie);
    expect(reads - before).toBe(2);
  });

  it('refuses what Better Auth refuses: missing, foreign, tampered, wrong-secret and badly formed cookies', async () => {
    const player = await signedInPlayer(t.app);
    const value = cookieValue(player.cookie, COOKIE)!;
    const [token, signature] = value.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    // A cookie signed as Better Auth signs it is accepted (this helper is right), so the refusals below are about what they change.
    expect((await verdicts(`${COOKIE}=${signWith(TEST_SECRET, token)}`)).betterAuth).toMatchObject({ email: player.email });
    const refused = [
      undefined,
      '',
      'sidebar_state=true; theme=dark',
      `${COOKIE}=`,
      `${COOKIE}=${token}`,
      `${COOKIE}=${flip(token, 3)}.${signature}`,
      `${COOKIE}=${token}.${flip(signature, 5)}`,
      `${COOKIE}=${token}.${signature.slice(0, -1)}`,
      `${COOKIE}=${token}.${signature}x`,
      `${COOKIE}=${token}.${'!'.repeat(43)}=`,
      `${COOKIE}=${token}.${signature.slice(0, -1)}A`,
      `${COOKIE}=.${signature}`,
      `${COOKIE}=${signWith('another-secret-another-secret-another-secret', token)}`,
      `${COOKIE}=${signWith(TEST_SECRET, 'no-such-token')}`,
      // Only the first cookie of a name counts, as in better-call's parser.
      `${COOKIE}=${signWith(TEST_SECRET, 'no-such-token')}; ${COOKIE}=${encodeURIComponent(value)}`,
      // Another app's prefix or the secure name over http are other cookies.
      `__Secure-${COOKIE}=${encodeURIComponent(value)}`,
      `other.session_token=${encodeURIComponent(value)}`,
    ];
    for (const cookie of refused) {
      expect(await verdicts(cookie), cookie).toEqual({ lean: null, guard: null, betterAuth: null });
    }
    // What the parser accepts, it accepts alike: quoted, unencoded, after other cookies, the first of two.
    for (const cookie of [
      `${COOKIE}="${encodeURIComponent(value)}"`,
      `${COOKIE}=${value}`,
      `a=1;${COOKIE}=${encodeURIComponent(value)} ; b=2`,
      `${COOKIE}=${encodeURIComponent(value)}; ${COOKIE}=nonsense`,
    ]) {
      const { lean, guard, betterAuth } = await verdicts(cookie);
      expect(lean, cookie).toMatchObject({ email: player.email });
      expect(guard, cookie).toEqual(lean);
      expect(betterAuth, cookie).toEqual(lean);
    }
  });

  it('refuses a signed-out session, a deleted user and an expired session (which Better Auth deletes)', async () => {
    const signedOut = await signedInPlayer(t.app);
    expect((await signOut(t.app, signedOut.cookie)).statusCode).toBe(200);
    expect(await verdicts(signedOut.cookie)).toEqual({ lean: null, guard: null, betterAuth: null });

    const deleted = await signedInPlayer(t.app);
    await t.db.handle.raw.deleteFrom('user').where('email', '=', deleted.email).execute();
    expect(await verdicts(deleted.cookie)).toEqual({ lean: null, guard: null, betterAuth: null });

    const expired = await signedInPlayer(t.app);
    await setExpiry(expired.cookie, new Date(Date.now() - 1000));
    expect(await verdicts(expired.cookie)).toEqual({ lean: ASK_BETTER_AUTH, guard: null, betterAuth: null });
    expect(await expiryOf(expired.cookie)).toBeNull();
    expect(await reader.read(expired.cookie)).toBeNull();
  });

  it('leaves the daily refresh of a session to Better Auth, and reads the refreshed one itself', async () => {
    const player = await signedInPlayer(t.app);
    // Better Auth extends a session once a day (updateAge 1 day of expiresIn 7): one minute past that point.
    await setExpiry(player.cookie, new Date(Date.now() + 6 * DAY - 60_000));
    const due = await verdicts(player.cookie);
    expect(due.lean).toBe(ASK_BETTER_AUTH);
    expect(due.guard).toMatchObject({ email: player.email });
    expect(due.betterAuth).toEqual(due.guard);
    expect(await expiryOf(player.cookie)).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(await reader.read(player.cookie)).toEqual(due.guard);

    // One minute before that point nothing is due.
    await setExpiry(player.cookie, new Date(Date.now() + 6 * DAY + 60_000));
    expect(await reader.read(player.cookie)).toMatchObject({ email: player.email });
  });

  it('sends the refreshed session cookie back on whichever route read the session (a browser keeps an active session past 7 days)', async () => {
    const gameId = await insertGame(t.db.handle);
    for (const url of ['/api/me', '/api/me/squares', `/api/games/${gameId}/board`]) {
      const player = await signedInPlayer(t.app);
      await setExpiry(player.cookie, new Date(Date.now() + 6 * DAY - 60_000));
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });
      expect(res.statusCode, url).toBe(200);
      const session = setCookieLines(res)
        .map(parseSetCookie)
        .find((c) => c.name === COOKIE);
      expect(session, `${url} sends the session cookie again`).toBeDefined();
      expect(session!.value, `${url} keeps the same session`).toBe(encodeURIComponent(cookieValue(player.cookie, COOKIE)!));
      expect(Number(session!.attributes['max-age']), url).toBe(7 * 24 * 60 * 60);
      expect(await expiryOf(player.cookie), url).toBeGreaterThan(Date.now() + 6 * DAY);
      // Read again: nothing due, so nothing is sent.
      const again = await t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });
      expect(
        setCookieLines(again).filter((line) => line.startsWith(`${COOKIE}=`)),
        url,
      ).toEqual([]);
    }
  });

  it("clears an expired session's cookie on the route that found it expired", async () => {
    const player = await signedInPlayer(t.app);
    await setExpiry(player.cookie, new Date(Date.now() - 1000));
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: player.cookie } });
    expect(res.json()).toEqual({ user: null, isAdmin: false });
    const cleared = setCookieLines(res)
      .map(parseSetCookie)
      .find((c) => c.name === COOKIE);
    expect(cleared?.attributes['max-age']).toBe('0');
  });

  it('reads a "remember me" off session itself (Better Auth never refreshes one), unless that cookie is forged or it expired', async () => {
    const account = await confirmedAccount(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '127.78.0.1',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { email: account.email, password: account.password, rememberMe: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookiesOf(res);
    expect(cookie).toContain('better-auth.dont_remember=');
    const { lean, guard, betterAuth } = await verdicts(cookie);
    expect(lean).toMatchObject({ email: account.email });
    expect(guard).toEqual(lean);
    expect(betterAuth).toEqual(lean);

    // Without a valid "don't remember" cookie such a session (1 day of 7) is due for refresh: Better Auth's call.
    const session = cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`))!;
    const forged = await verdicts(`${session}; better-auth.dont_remember=${signWith('wrong-secret-wrong-secret-wrong-secret-00', 'true')}`);
    expect(forged.lean).toBe(ASK_BETTER_AUTH);
    expect(forged.guard).toMatchObject({ email: account.email });
    expect(forged.betterAuth).toEqual(forged.guard);

    // Expired, it is refused (and deleted) like any other.
    await setExpiry(cookie, new Date(Date.now() - 1000));
    expect(await verdicts(cookie)).toEqual({ lean: ASK_BETTER_AUTH, guard: null, betterAuth: null });
    expect(await expiryOf(cookie)).toBeNull();
  });
});

describe('signed cookies and settings', () => {
  it('checks the signature as better-call does', () => {
    const secret = 'a-secret-a-secret-a-secret-a-secret-0123';
    const header = `${COOKIE}=${signWith(secret, 'tok')}`;
    expect(signedCookie(header, COOKIE, secret)).toBe('tok');
    expect(signedCookie(header, COOKIE, `${secret}x`)).toBeNull();
    expect(signedCookie(header, 'other', secret)).toBeNull();
  });

  it('takes the cookie names from Better Auth: __Secure- names behind https', async () => {
    const settings = parseSettings({ NODE_ENV: 'test', AUTH_SECRET: TEST_SECRET, PUBLIC_URL: 'https://pool.example.com', DATABASE_URL: ':memory:' });
    const database = await openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      const config = readerConfigOf(await createAuth({ database, settings, secret: TEST_SECRET }).$context);
      expect(config).toMatchObject({ sessionCookie: `__Secure-${COOKIE}`, dontRememberCookie: '__Secure-better-auth.dont_remember', secret: TEST_SECRET });
    } finally {
      await database.close();
    }
  });

  it('refuses Better Auth settings it does not reproduce', () => {
    const context = (session: object, extra: object = {}) => ({ options: { session, ...extra } }) as unknown as Parameters<typeof readerConfigOf>[0];
    expect(() => readerConfigOf(context({ cookieCache: { enabled: true } }))).toThrow(/cookieCache/);
    expect(() => readerConfigOf(context({ deferSessionRefresh: true }))).toThrow(/deferSessionRefresh/);
    expect(() => readerConfigOf(context({}, { secondaryStorage: {} }))).toThrow(/secondaryStorage/);
  });
});
