import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHOOSE_USERNAME, MAIL_RATE_LIMITS, USERNAME_TAKEN, USERNAME_TOO_SHORT } from '@core/messages';
import {
  adminFlags,
  confirmedAccount,
  cookiesOf,
  followLink,
  hrefsOf,
  logInAs,
  mailsTo,
  newAccount,
  postAuth,
  requestPasswordReset,
  resetPassword,
  signUpAs,
  testAccount,
  tokenOf,
  type Visit,
  whoAmI,
} from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind, type TestDatabase } from '../../../tests/support/db';
import { send } from '../../../tests/support/request';

const SUBJECT = 'Your Squares Pool sign-in link';
const LINK = /^http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\?token=[A-Za-z]{32}&callbackURL=[^&]+&errorCallbackURL=[^&]+$/;
const REQUESTED = { status: true };
const CALLBACK = '/welcome?next=%2Fgame%2F42';
const ERROR_CALLBACK = '/login?next=%2Fgame%2F42';

/** The error callback a refused link goes to: the page it was asked from, its ticket (D46: one-tap resend), the error. */
const errorLocation = (error: string) => new RegExp(`^${ERROR_CALLBACK.replace('?', '\\?')}&ticket=[A-Za-z0-9_-]{32}&error=${error}$`);

function requestLink(app: FastifyInstance, email: string, visit: Visit = {}, body: object = {}) {
  return postAuth(app, '/sign-in/magic-link', { email, callbackURL: CALLBACK, errorCallbackURL: ERROR_CALLBACK, ...body }, visit);
}

async function linkMails(app: FastifyInstance, email: string) {
  return (await mailsTo(app, email)).filter((m) => m.subject === SUBJECT);
}

/** Asks for a link and returns the one mailed. */
async function linkFor(app: FastifyInstance, email: string): Promise<string> {
  const res = await requestLink(app, email);
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = await linkMails(app, email);
  if (!mail?.link) throw new Error(`no sign-in link to ${email}`);
  return mail.link;
}

/** Opens a link as a browser does: its answer, the session cookie it set, and where it sends the browser. */
async function open(app: FastifyInstance, link: string) {
  const res = await followLink(app, link);
  return { res, cookie: cookiesOf(res), location: res.headers.location as string | undefined };
}

const userRow = (db: TestDatabase, email: string) =>
  db.handle.db
    .selectFrom('user')
    .select(['id', 'username', 'displayUsername', 'name', 'emailVerified', 'isAdmin'])
    .where('email', '=', email)
    .executeTakeFirst();
const credentialCount = async (db: TestDatabase, userId: string) =>
  (await db.handle.raw.selectFrom('account').select('id').where('userId', '=', userId).where('providerId', '=', 'credential').execute()).length;
const chooseUsername = (app: FastifyInstance, cookie: string, username: string) => postAuth(app, '/update-user', { username }, { cookie });

describe(`signing in by e-mailed link (D29, ${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The first confirmed account becomes admin (D8): take that seat, so the cases below are players.
    await confirmedAccount(t.app, 'seat');
  });
  afterAll(() => t.close());

  it('an existing confirmed account signs in with the link, which comes back to the page it was asked from', async () => {
    const account = await confirmedAccount(t.app, 'known');
    const link = await linkFor(t.app, account.email);
    expect(link).toMatch(LINK);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/welcome?next=%2Fgame%2F42');
    const [mail] = await linkMails(t.app, account.email);
    expect(mail!.text).toContain(`Log in: ${link}\n`);
    expect(mail!.text).toContain('The link works once, for 15 minutes.');
    expect(hrefsOf(mail!.html)).toEqual([link, link]);

    const { res, cookie, location } = await open(t.app, link);
    expect(res.statusCode).toBe(302);
    expect(location).toBe(CALLBACK);
    expect(res.headers['cache-control']).toBe('no-store');
    const me = await whoAmI(t.app, cookie);
    expect(me.user).toMatchObject({ email: account.email, username: account.username });
    // The password still works too.
    expect((await logInAs(t.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('the token is stored hashed, and the link works once', async () => {
    const account = await confirmedAccount(t.app, 'once');
    const link = await linkFor(t.app, account.email);
    const token = tokenOf(link);
    const rows = await t.db.handle.raw.selectFrom('verification').select('identifier').where('identifier', 'like', 'magic-link:%').execute();
    expect(rows.map((r) => r.identifier)).toContain(`magic-link:${createHash('sha256').update(token).digest('base64url')}`);
    expect(rows.map((r) => r.identifier).some((id) => id.includes(token))).toBe(false);

    expect((await open(t.app, link)).res.statusCode).toBe(302);
    const again = await open(t.app, link);
    expect(again.res.statusCode).toBe(302);
    expect(again.location).toMatch(errorLocation('INVALID_TOKEN'));
    expect(again.cookie).not.toContain('session_token=');
  });

  it('an expired link is refused', async () => {
    const account = await confirmedAccount(t.app, 'late');
    const link = await linkFor(t.app, account.email);
    const identifier = `magic-link:${createHash('sha256').update(tokenOf(link)).digest('base64url')}`;
    // 15 minutes and a second later.
    const row = await t.db.handle.raw
      .selectFrom('verification')
      .select(['createdAt', 'expiresAt'])
      .where('identifier', '=', identifier)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()).toBeGreaterThanOrEqual(15 * 60 * 1000 - 1000);
    expect(new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);
    await t.db.handle.raw
      .updateTable('verification')
      .set({ expiresAt: t.db.handle.kind === 'sqlite' ? new Date(Date.now() - 1000).toISOString() : new Date(Date.now() - 1000) })
      .where('identifier', '=', identifier)
      .execute();

    const { location, cookie } = await open(t.app, link);
    expect(location).toMatch(errorLocation('INVALID_TOKEN'));
    expect((await whoAmI(t.app, cookie)).user).toBeNull();
  });

  it('a new address gets a confirmed account without password or username, then chooses a username once', async () => {
    const email = newAccount('fresh').email;
    const { res, cookie, location } = await open(t.app, await linkFor(t.app, email));
    expect(res.statusCode).toBe(302);
    expect(location).toBe(CALLBACK);

    const me = await whoAmI(t.app, cookie);
    expect(me).toEqual({ user: { id: expect.any(String), email, username: null }, isAdmin: false });
    const row = await userRow(t.db, email);
    expect(row).toMatchObject({ username: null, displayUsername: null, name: '' });
    expect(Boolean(row!.emailVerified)).toBe(true);
    expect(await credentialCount(t.db, row!.id)).toBe(0);

    // No squares without a username (the board shows it).
    const checkout = await send(t.app, 'POST', '/api/checkout', { cookie, payload: { cart: [] } });
    expect(checkout.statusCode).toBe(403);
    expect(checkout.json()).toEqual({ error: { code: 'USERNAME_REQUIRED', message: CHOOSE_USERNAME.required } });

    // The sign-up rules and texts: too short, then taken (in any case), then a good one.
    const taken = await confirmedAccount(t.app, 'takenname');
    const short = await chooseUsername(t.app, cookie, 'ab');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: USERNAME_TOO_SHORT });
    const clash = await chooseUsername(t.app, cookie, taken.username.toUpperCase());
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toMatchObject({ code: 'USERNAME_IS_ALREADY_TAKEN', message: USERNAME_TAKEN });
    const chosen = `Fresh${Date.now().toString(36)}`;
    expect((await chooseUsername(t.app, cookie, chosen)).statusCode).toBe(200);
    expect((await whoAmI(t.app, cookie)).user?.username).toBe(chosen);
    expect(await userRow(t.db, email)).toMatchObject({ username: chosen.toLowerCase(), displayUsername: chosen, name: chosen });

    // Next time the link signs the same account in, username and all.
    const second = await open(t.app, await linkFor(t.app, email));
    expect((await whoAmI(t.app, second.cookie)).user).toMatchObject({ email, username: chosen });
  });

  it('a request cannot name the new account: a name in the body is dropped', async () => {
    const email = newAccount('named').email;
    expect((await requestLink(t.app, email, {}, { name: 'Mallory Admin' })).statusCode).toBe(200);
    const [mail] = await linkMails(t.app, email);
    const { cookie } = await open(t.app, mail!.link!);
    expect((await whoAmI(t.app, cookie)).user).toMatchObject({ email, username: null });
    expect((await userRow(t.db, email))?.name).toBe('');
  });

  it('an unconfirmed password account is confirmed by its link; the password set before the proof is dropped, and a reset sets one again', async () => {
    const account = newAccount('pending');
    expect((await signUpAs(t.app, account)).statusCode).toBe(200);
    expect((await logInAs(t.app, account.email, account.password)).statusCode).toBe(403);

    const { cookie, location } = await open(t.app, await linkFor(t.app, account.email));
    expect(location).toBe(CALLBACK);
    expect((await whoAmI(t.app, cookie)).user).toMatchObject({ email: account.email, username: account.username });
    const row = await userRow(t.db, account.email);
    expect(Boolean(row!.emailVerified)).toBe(true);
    // Better Auth's rule: whoever signed up with this address before it was proven leaves no password behind.
    expect(await credentialCount(t.db, row!.id)).toBe(0);
    expect((await logInAs(t.app, account.email, account.password)).statusCode).toBe(401);

    expect((await requestPasswordReset(t.app, account.email)).statusCode).toBe(200);
    const reset = (await mailsTo(t.app, account.email)).find((m) => m.subject === 'Reset your Squares Pool password');
    expect((await resetPassword(t.app, tokenOf(reset!.link!), 'Again#Pass42')).statusCode).toBe(200);
    expect((await logInAs(t.app, account.email, 'Again#Pass42')).statusCode).toBe(200);
  });

  it('answers a known and an unknown address alike', async () => {
    const account = await confirmedAccount(t.app, 'alike');
    const known = await requestLink(t.app, account.email);
    const unknown = await requestLink(t.app, newAccount('nobody').email);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(REQUESTED);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['set-cookie']).toEqual(known.headers['set-cookie']);
  });

  it('trims and lower-cases the address', async () => {
    const account = await confirmedAccount(t.app, 'casing');
    expect((await requestLink(t.app, `  ${account.email.toUpperCase()} `)).statusCode).toBe(200);
    expect(await linkMails(t.app, account.email)).toHaveLength(1);
  });

  it('a callback on another origin is refused, in the request and in a doctored link; nothing is mailed for it', async () => {
    const account = await confirmedAccount(t.app, 'offsite');
    for (const body of [{ callbackURL: 'http://evil.example/x' }, { errorCallbackURL: '//evil.example/x' }, { newUserCallbackURL: 'https://evil.example' }]) {
      const res = await requestLink(t.app, account.email, {}, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL' });
    }
    expect(await linkMails(t.app, account.email)).toEqual([]);

    const link = new URL(await linkFor(t.app, account.email));
    link.searchParams.set('callbackURL', 'http://evil.example/steal');
    const doctored = await open(t.app, link.href);
    expect(doctored.res.statusCode).toBe(400);
    expect(doctored.location).toBeUndefined();
    expect(doctored.cookie).not.toContain('session_token=');
  });
});

describe(`sign-in links with ALLOW_SIGNUP=false (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_SIGNUP: 'false' } });
  });
  afterAll(() => t.close());

  it('an existing account still signs in; a new address gets the same answer and its link is refused with the sign-up-disabled code', async () => {
    // An account from before sign-up was closed.
    const account = await testAccount(t, { prefix: 'closed' });
    const { cookie } = await open(t.app, await linkFor(t.app, account.email));
    expect((await whoAmI(t.app, cookie)).user?.email).toBe(account.email);

    const stranger = newAccount('stranger').email;
    const known = await requestLink(t.app, account.email);
    const unknown = await requestLink(t.app, stranger);
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(known.body);

    const refused = await open(t.app, (await linkMails(t.app, stranger))[0]!.link!);
    expect(refused.location).toMatch(errorLocation('new_user_signup_disabled'));
    expect((await whoAmI(t.app, refused.cookie)).user).toBeNull();
    expect(await userRow(t.db, stranger)).toBeUndefined();
  });
});

describe(`sign-in link rate limits: per client IP and per address (${testDbKind})`, () => {
  let t: TestApp;
  afterEach(() => t?.close());
  const tooMany = { error: { code: 'TOO_MANY_REQUESTS', message: MAIL_RATE_LIMITS.signInLink } };

  it('one address: 5 links per window from any number of clients, the 6th gets 429 and no mail', async () => {
    t = await createTestApp();
    const email = newAccount('inbox').email;
    for (let i = 1; i <= 5; i++) expect((await requestLink(t.app, email, { ip: `198.51.100.${i}` })).statusCode, `request ${i}`).toBe(200);
    const sixth = await requestLink(t.app, email, { ip: '198.51.100.6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(tooMany);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await linkMails(t.app, email)).toHaveLength(5);
    // Another address is not held up by it.
    expect((await requestLink(t.app, newAccount('other').email, { ip: '198.51.100.6' })).statusCode).toBe(200);
  });

  it('one client: 5 links per window over any addresses, the 6th gets 429 and no mail', async () => {
    t = await createTestApp();
    const visitor: Visit = { ip: '198.51.100.60' };
    for (let i = 1; i <= 5; i++) expect((await requestLink(t.app, newAccount('spray').email, visitor)).statusCode, `request ${i}`).toBe(200);
    const email = newAccount('spray').email;
    const sixth = await requestLink(t.app, email, visitor);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(tooMany);
    expect(await linkMails(t.app, email)).toEqual([]);
    expect((await requestLink(t.app, email, { ip: '198.51.100.61' })).statusCode).toBe(200);
  });
});

describe(`a sign-in link confirms an address: accounts.onEmailConfirmed, once per confirmation (D8, ${testDbKind})`, () => {
  let t: TestApp;
  afterEach(() => t?.close());
  const lines: string[] = [];
  const logger = { level: 'info', stream: { write: (line: string) => void lines.push(line) } };
  const confirmations = (email: string) => lines.filter((line) => line.includes(`${email} is`)).length;

  it('a new address by link is the first confirmed account: it becomes the admin', async () => {
    t = await createTestApp({ logger });
    const email = newAccount('firstbylink').email;
    const { cookie } = await open(t.app, await linkFor(t.app, email));
    expect(await whoAmI(t.app, cookie)).toMatchObject({ user: { email }, isAdmin: true });
    expect(confirmations(email)).toBe(1);
    // The next one is a player.
    const second = newAccount('secondbylink').email;
    expect((await whoAmI(t.app, (await open(t.app, await linkFor(t.app, second))).cookie)).isAdmin).toBe(false);
    expect(await adminFlags(t.db)).toEqual({ [email]: true, [second]: false });
  });

  it('an unconfirmed password account confirmed by link is the first confirmed account: it becomes the admin', async () => {
    t = await createTestApp({ logger });
    const account = newAccount('firstpending');
    await signUpAs(t.app, account);
    const { cookie } = await open(t.app, await linkFor(t.app, account.email));
    expect((await whoAmI(t.app, cookie)).isAdmin).toBe(true);
    expect(confirmations(account.email)).toBe(1);
  });

  it('with ADMIN_EMAILS, each path confirms once (a listed address is made admin once), and signing in again confirms nothing', async () => {
    const byLink = newAccount('listedlink');
    const pending = newAccount('listedpending');
    const byMail = newAccount('listedmail');
    t = await createTestApp({ logger, env: { ADMIN_EMAILS: [byLink.email, pending.email, byMail.email].join(',') } });
    await open(t.app, await linkFor(t.app, byLink.email));
    await signUpAs(t.app, pending);
    await open(t.app, await linkFor(t.app, pending.email));
    await signUpAs(t.app, byMail);
    await followLink(t.app, (await mailsTo(t.app, byMail.email)).find((m) => m.subject === 'Confirm your Squares Pool account')!.link!);
    // Signing in by link again: nothing newly confirmed.
    await open(t.app, await linkFor(t.app, byLink.email));
    await open(t.app, await linkFor(t.app, byMail.email));

    expect([confirmations(byLink.email), confirmations(pending.email), confirmations(byMail.email)]).toEqual([1, 1, 1]);
    const flags = await adminFlags(t.db);
    expect([flags[byLink.email], flags[pending.email], flags[byMail.email]]).toEqual([true, true, true]);
  });
});
