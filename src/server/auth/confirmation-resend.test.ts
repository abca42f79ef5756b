import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmedAccount, followLink, logInAs, mailsTo, newAccount, postAuth, signUpAs } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

const CONFIRM_SUBJECT = 'Confirm your Squares Pool account';

/**
 * What the web's "Send New Confirmation Email" (issue 11: /login and /confirm-email) relies on:
 * an expired link comes back to /login?confirmed=1&error=TOKEN_EXPIRED (the web moves it on to
 * /confirm-email), a new mail can be asked for with the address alone, the answer says nothing
 * about the address, and the new link confirms.
 */
describe(`a new confirmation mail (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const confirmMails = async (email: string) => (await mailsTo(t.app, email)).filter((m) => m.subject === CONFIRM_SUBJECT);
  // Exactly what the web app sends (src/web/features/auth/auth.ts sendConfirmationEmail).
  const resend = (email: string) => postAuth(t.app, '/send-verification-email', { email });

  it("a link older than an hour comes back with TOKEN_EXPIRED and confirms nothing; a new mail's link confirms", async () => {
    const account = newAccount('expired');
    expect((await signUpAs(t.app, account)).statusCode).toBe(200);
    const [first] = await confirmMails(account.email);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000, shouldAdvanceTime: true });
    const late = await followLink(t.app, first!.link!);
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toBe('/login?confirmed=1&error=TOKEN_EXPIRED');
    expect((await logInAs(t.app, account.email, account.password)).json().code).toBe('EMAIL_NOT_VERIFIED');

    expect((await resend(account.email)).statusCode).toBe(200);
    // Mails go out in the background.
    const mails = await vi.waitFor(async () => {
      const all = await confirmMails(account.email);
      expect(all).toHaveLength(2);
      return all;
    });
    const fresh = await followLink(t.app, mails[0]!.link!);
    expect([fresh.statusCode, fresh.headers.location]).toEqual([302, '/login?confirmed=1']);
    expect((await logInAs(t.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('answers an unknown, a confirmed and an unconfirmed address alike; only the unconfirmed one gets a mail', async () => {
    const unconfirmed = newAccount('waiting');
    expect((await signUpAs(t.app, unconfirmed)).statusCode).toBe(200);
    const confirmed = await confirmedAccount(t.app, 'done');
    const unknown = newAccount('unknown');
    const before = {
      unconfirmed: (await confirmMails(unconfirmed.email)).length,
      confirmed: (await confirmMails(confirmed.email)).length,
    };

    const answers = await Promise.all([unknown, confirmed, unconfirmed].map((account) => resend(account.email.toUpperCase())));
    const shapes = answers.map((res) => ({ status: res.statusCode, body: res.body, type: res.headers['content-type'] }));
    expect(shapes[0]).toEqual({ status: 200, body: '{"status":true}', type: expect.stringMatching(/^application\/json/) });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);

    await vi.waitFor(async () => expect(await confirmMails(unconfirmed.email)).toHaveLength(before.unconfirmed + 1));
    expect(await confirmMails(confirmed.email)).toHaveLength(before.confirmed);
    expect(await mailsTo(t.app, unknown.email)).toEqual([]);
  });
});
