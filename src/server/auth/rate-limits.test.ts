import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_ERRORS, PASSWORD_CHECK_RATE_LIMITED, SIGNUP_ERRORS } from '@core/messages';
import {
  confirmedAccount,
  logInAs,
  mailsTo,
  newAccount,
  postAuth,
  requestPasswordReset,
  signedInPlayer,
  signUpAs,
  type Visit,
} from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

const tooMany = (message: string) => ({ error: { code: 'TOO_MANY_REQUESTS', message } });
const RESET_RATE_LIMITED = 'Too many password reset attempts. Please wait a few minutes and try again.';
const RESEND_RATE_LIMITED = 'Too many confirmation e-mail requests. Please wait a few minutes and try again.';
const WRONG = 'Wrong#Guess123';

/** Per-IP limits are kept in the app's memory: every test gets an app of its own. */
describe(`rate limits (${testDbKind})`, () => {
  let t: TestApp;
  const app = async (env: Record<string, string> = {}) => {
    t = await createTestApp({ env });
    return t.app;
  };
  afterEach(() => t?.close());

  it('sign-in: 10 attempts per window, the 11th gets 429 with the spec text, even with the right password', async () => {
    const a = await app();
    const account = await confirmedAccount(a, 'guessed');
    const attacker: Visit = { ip: '198.51.100.20' };
    for (let i = 1; i <= 10; i++) expect((await logInAs(a, account.email, WRONG, attacker)).statusCode, `attempt ${i}`).toBe(401);

    const eleventh = await logInAs(a, account.email, account.password, attacker);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(tooMany(LOGIN_ERRORS.rateLimited));
    expect(eleventh.headers['set-cookie']).toBeUndefined();
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);

    // The limit is per client: the owner, elsewhere, still logs in.
    expect((await logInAs(a, account.email, account.password, { ip: '198.51.100.99' })).statusCode).toBe(200);
  });

  it('sign-in by username is not a way around the sign-in limit', async () => {
    const a = await app();
    const account = await confirmedAccount(a, 'byname');
    const attacker: Visit = { ip: '198.51.100.21' };
    for (let i = 1; i <= 10; i++) await logInAs(a, account.email, WRONG, attacker);
    expect((await logInAs(a, account.email, WRONG, attacker)).statusCode).toBe(429);

    // Either the route is not there (404) or it shares the budget (429): never a checked guess.
    const byName = await postAuth(a, '/sign-in/username', { username: account.username, password: account.password }, attacker);
    expect([404, 429]).toContain(byName.statusCode);
  });

  it('sign-up: 5 per window, the 6th gets 429 with the spec text and sends nothing', async () => {
    const a = await app();
    const visitor: Visit = { ip: '198.51.100.30' };
    for (let i = 1; i <= 5; i++) expect((await signUpAs(a, newAccount('burst'), visitor)).statusCode, `sign-up ${i}`).toBe(200);

    const sixth = newAccount('burst');
    const res = await signUpAs(a, sixth, visitor);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany(SIGNUP_ERRORS.rateLimited));
    expect(await mailsTo(a, sixth.email)).toEqual([]);
    expect((await signUpAs(a, sixth, { ip: '198.51.100.31' })).statusCode).toBe(200);
  });

  it('reset mails: 5 requests per window, the 6th gets 429 and sends no mail', async () => {
    const a = await app();
    const account = await confirmedAccount(a, 'flooded');
    const visitor: Visit = { ip: '198.51.100.40' };
    for (let i = 1; i <= 5; i++) expect((await requestPasswordReset(a, account.email, visitor)).statusCode, `request ${i}`).toBe(200);

    const sixth = await requestPasswordReset(a, account.email, visitor);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(tooMany(RESET_RATE_LIMITED));
    expect((await mailsTo(a, account.email)).filter((m) => m.subject === 'Reset your Squares Pool password')).toHaveLength(5);
  });

  it('confirmation mails sent again: 5 per window, the 6th gets 429', async () => {
    const a = await app();
    const account = newAccount('resend');
    await signUpAs(a, account);
    const visitor: Visit = { ip: '198.51.100.50' };
    const resend = () => postAuth(a, '/send-verification-email', { email: account.email, callbackURL: '/login?confirmed=1' }, visitor);
    // Better Auth answers this route no faster than 500 ms, so the five allowed ones go at once.
    const allowed = await Promise.all(Array.from({ length: 5 }, resend));
    expect(allowed.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await resend();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(tooMany(RESEND_RATE_LIMITED));
    expect(await mailsTo(a, account.email)).toHaveLength(6);
  });
});

describe(`password checks with a session (change-password, verify-password), per account and per IP (${testDbKind})`, () => {
  let t: TestApp;
  afterEach(() => t?.close());
  const PASSWORD_LIMITED = tooMany(PASSWORD_CHECK_RATE_LIMITED);
  const changePassword = (cookie: string, currentPassword: string, ip: string) =>
    postAuth(t.app, '/change-password', { currentPassword, newPassword: 'Changed#Pass42' }, { cookie, ip });
  const verifyPassword = (cookie: string, password: string, ip: string) => postAuth(t.app, '/verify-password', { password }, { cookie, ip });

  it('10 guesses per window from one address, then 429 with a retry hint, even for the right password; nothing changes', async () => {
    t = await createTestApp();
    const thief = await signedInPlayer(t.app, 'stolen');
    const ip = '198.51.100.70';
    for (let i = 1; i <= 5; i++) expect((await changePassword(thief.cookie, WRONG, ip)).statusCode, `change ${i}`).toBe(400);
    // One budget for every route that checks the password.
    for (let i = 6; i <= 10; i++) expect((await verifyPassword(thief.cookie, WRONG, ip)).statusCode, `verify ${i}`).toBe(400);

    for (const res of [await changePassword(thief.cookie, thief.password, ip), await verifyPassword(thief.cookie, thief.password, ip)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(PASSWORD_LIMITED);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await logInAs(t.app, thief.email, thief.password)).statusCode).toBe(200);
    expect((await logInAs(t.app, thief.email, 'Changed#Pass42')).statusCode).toBe(401);
  });

  it('a stolen session cannot spread its guesses over many addresses: the account has its own budget', async () => {
    t = await createTestApp();
    const victim = await signedInPlayer(t.app, 'spread');
    for (let i = 1; i <= 10; i++) expect((await verifyPassword(victim.cookie, WRONG, `203.0.113.${i}`)).statusCode, `guess ${i}`).toBe(400);
    const eleventh = await changePassword(victim.cookie, victim.password, '203.0.113.99');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(PASSWORD_LIMITED);
    // Another account is not held back by it.
    const other = await signedInPlayer(t.app, 'bystander');
    expect((await verifyPassword(other.cookie, other.password, '203.0.113.99')).statusCode).toBe(200);
  });

  it('one address cannot spread its guesses over many accounts: the address has its own budget', async () => {
    t = await createTestApp();
    const ip = '198.51.100.80';
    const accounts = await Promise.all(Array.from({ length: 3 }, (_, i) => signedInPlayer(t.app, `many${i}`)));
    for (let i = 0; i < 10; i++) expect((await verifyPassword(accounts[i % 2]!.cookie, WRONG, ip)).statusCode, `guess ${i}`).toBe(400);
    const res = await verifyPassword(accounts[2]!.cookie, accounts[2]!.password, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(PASSWORD_LIMITED);
  });

  it('without a session the answer is 401, and it spends no account budget', async () => {
    t = await createTestApp();
    const player = await signedInPlayer(t.app, 'nosession');
    for (let i = 1; i <= 12; i++) expect((await postAuth(t.app, '/verify-password', { password: WRONG }, { ip: `192.0.2.${i}` })).statusCode).toBe(401);
    expect((await verifyPassword(player.cookie, player.password, '192.0.2.200')).statusCode).toBe(200);
  });
});

describe(`the client IP behind a proxy (TRUST_PROXY, ${testDbKind})`, () => {
  let t: TestApp;
  afterEach(() => t?.close());

  /** Ten failed sign-ins from one connection, each with the forwarded header `forwarded(i)`. */
  async function exhaust(a: TestApp['app'], email: string, remote: string, forwarded: (i: number) => string) {
    for (let i = 1; i <= 10; i++) {
      const res = await logInAs(a, email, WRONG, { ip: remote, headers: { 'x-forwarded-for': forwarded(i) } });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
  }

  it('without TRUST_PROXY, X-Forwarded-For is ignored: changing it does not reset the limit', async () => {
    t = await createTestApp();
    const account = await confirmedAccount(t.app, 'noproxy');
    await exhaust(t.app, account.email, '198.51.100.60', (i) => `203.0.113.${i}`);
    const res = await logInAs(t.app, account.email, WRONG, { ip: '198.51.100.60', headers: { 'x-forwarded-for': '192.0.2.77' } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany(LOGIN_ERRORS.rateLimited));
  });

  it('with TRUST_PROXY=true, each forwarded client IP has its own budget', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await confirmedAccount(t.app, 'proxied');
    const proxy = '10.0.0.2';
    await exhaust(t.app, account.email, proxy, () => '203.0.113.5');
    expect((await logInAs(t.app, account.email, WRONG, { ip: proxy, headers: { 'x-forwarded-for': '203.0.113.5' } })).statusCode).toBe(429);
    const other = await logInAs(t.app, account.email, account.password, { ip: proxy, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(other.statusCode).toBe(200);
  });

  it('with TRUST_PROXY=true, a client cannot pick its own IP by sending X-Forwarded-For to the proxy', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await confirmedAccount(t.app, 'spoofed');
    // The proxy appends the address it saw (203.0.113.5) to whatever the client sent.
    const proxy = '10.0.0.2';
    await exhaust(t.app, account.email, proxy, (i) => `192.0.2.${i}, 203.0.113.5`);
    const res = await logInAs(t.app, account.email, WRONG, { ip: proxy, headers: { 'x-forwarded-for': '192.0.2.200, 203.0.113.5' } });
    expect(res.statusCode).toBe(429);
  });
});
