import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, newAccount, signedInPlayer, signUpAs } from '../../../tests/support/accounts';
import { testDbKind } from '../../../tests/support/db';
import { authPathSpellings, raw } from '../../../tests/support/raw-http';
import { startTestServer, type TestServer } from '../../../tests/support/server';

/**
 * Every rate limit on /api/auth/* holds on every spelling of its path (issue 23, part 3): a dot
 * segment, `%2e`, a doubled slash or an encoded letter reaches no handler without the limit.
 * Over real HTTP, each case from a client address of its own (TRUST_PROXY): the canonical path
 * spends the budget, then no spelling gets an answer that did the work (only 404 or 429).
 */

const WRONG = 'Wrong#Guess123';
const NOT_DONE = [404, 429];

describe(`rate limits hold on every spelling of an auth path (${testDbKind})`, () => {
  let t: TestServer;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  const client = () => `203.0.113.${++ipCounter}`;
  const post = (path: string, body: object, ip: string, cookie?: string) =>
    raw(t.url, 'POST', path, { origin: t.url, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) }, JSON.stringify(body));

  /** Spends `max` on the canonical path (each must be done: `done`), then tries every spelling. */
  async function limitHolds(path: string, max: number, body: () => object, done: number, ip: string, cookie?: string) {
    for (let i = 1; i <= max; i++) {
      const res = await post(path, body(), ip, cookie);
      expect(res.status, `${path} #${i}: ${res.body}`).toBe(done);
    }
    const wrong: string[] = [];
    const spellings = authPathSpellings(path);
    for (const spelled of spellings) {
      const res = await post(spelled, body(), ip, cookie);
      if (!NOT_DONE.includes(res.status)) wrong.push(`${spelled} -> ${res.status} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
    expect(spellings.length).toBeGreaterThanOrEqual(25);
  }

  it('sign-in/email: no password is checked past the limit, whatever the spelling', async () => {
    const account = newAccount('guessed');
    await limitHolds('/api/auth/sign-in/email', 10, () => ({ email: account.email, password: WRONG }), 401, client());
  });

  it('sign-up/email: no account is made and no mail sent past the limit', async () => {
    const made: string[] = [];
    const body = () => {
      const account = newAccount('burst');
      made.push(account.email);
      return { email: account.email, password: account.password, name: account.username, username: account.username };
    };
    await limitHolds('/api/auth/sign-up/email', 5, body, 200, client());
    const mailed = await Promise.all(made.map(async (email) => (await mailsTo(t.app, email)).length));
    expect(mailed.filter((n) => n > 0)).toHaveLength(5);
  });

  it('request-password-reset: no mail past the limit', async () => {
    const account = newAccount('reset');
    const ip = client();
    await limitHolds('/api/auth/request-password-reset', 5, () => ({ email: account.email, redirectTo: '/reset-password' }), 200, ip);
  });

  it('send-verification-email: no mail past the limit', async () => {
    const account = newAccount('resend');
    expect((await signUpAs(t.app, account)).statusCode).toBe(200);
    await limitHolds('/api/auth/send-verification-email', 5, () => ({ email: account.email, callbackURL: '/login?confirmed=1' }), 200, client());
    // The sign-up's mail and the five allowed.
    expect(await mailsTo(t.app, account.email)).toHaveLength(6);
  });

  it('sign-in/magic-link: no link mailed past the limit', async () => {
    const email = newAccount('linked').email;
    await limitHolds('/api/auth/sign-in/magic-link', 5, () => ({ email, callbackURL: '/' }), 200, client());
    expect(await mailsTo(t.app, email)).toHaveLength(5);
  });

  it('change-password and verify-password: no password checked past the limit', async () => {
    const ip = client();
    const player = await signedInPlayer(t.app, 'stolen');
    await limitHolds('/api/auth/verify-password', 10, () => ({ password: WRONG }), 400, ip, player.cookie);
    const wrong: string[] = [];
    for (const spelled of authPathSpellings('/api/auth/change-password')) {
      const res = await post(spelled, { currentPassword: WRONG, newPassword: 'Changed#Pass42' }, ip, player.cookie);
      if (!NOT_DONE.includes(res.status)) wrong.push(`${spelled} -> ${res.status} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('other spellings of any auth path are refused before anything runs; the canonical one works', async () => {
    const player = await signedInPlayer(t.app, 'session');
    for (const spelled of authPathSpellings('/api/auth/get-session')) {
      const res = await raw(t.url, 'GET', spelled, { cookie: player.cookie, 'x-forwarded-for': client() });
      expect(res.status, `${spelled}: ${res.body}`).toBe(404);
      expect(res.body, spelled).not.toContain(player.email);
    }
    const canonical = await raw(t.url, 'GET', '/api/auth/get-session', { cookie: player.cookie });
    expect(canonical.status).toBe(200);
    expect(canonical.body).toContain(player.email);
  });
});
