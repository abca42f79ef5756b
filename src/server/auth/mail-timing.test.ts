import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmedAccount, newAccount, SAME_ORIGIN } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import type { Mailer, MailMessage } from '../mail/mailer';
import { accountsRepository } from './accounts.repository';
import { createAuth } from './auth';

/** A mailer whose sends do not finish until released: a slow SMTP server, made certain. */
function heldMailer() {
  const started: MailMessage[] = [];
  const delivered: MailMessage[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      started.push(message);
      await gate;
      delivered.push(message);
    },
  };
  return { mailer, started, delivered, release };
}

/** Resolves to the answer, or to 'still waiting' if it has not come once everything else has run for a while. */
async function answerOrWaiting<T>(answer: Promise<T>): Promise<T | 'still waiting'> {
  return Promise.race([answer, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5_000))]);
}

/**
 * Issue 10 item 12: an answer that waited for the mail took 110+ ms for a known address and
 * 6 ms for an unknown one. The structure is tested, not the time: with a mail that cannot be
 * delivered yet, the answer for a known address still comes.
 */
describe(`mail-sending answers do not wait for the mail (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Better Auth on the test database with the given mailer, as the app wires it. */
  function authWith(mailer: Mailer, log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }) {
    const accountsRepo = accountsRepository(t.db.handle.db, t.db.handle.kind);
    return {
      auth: createAuth({ database: t.db.handle, settings: t.settings, secret: 'timing-test-secret-timing-test-secret', mailer, accountsRepo, log }),
      log,
    };
  }
  const post = (auth: ReturnType<typeof authWith>['auth'], path: string, body: object) =>
    auth.handler(
      new Request(`${SAME_ORIGIN}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
        body: JSON.stringify(body),
      }),
    );

  it('password reset for a known address answers before its mail is sent, like an unknown one', async () => {
    const account = await confirmedAccount(t.app, 'heldreset');
    const held = heldMailer();
    const { auth } = authWith(held.mailer);

    const known = await answerOrWaiting(post(auth, '/request-password-reset', { email: account.email, redirectTo: '/reset-password' }));
    const unknown = await answerOrWaiting(post(auth, '/request-password-reset', { email: 'nobody-held@example.com', redirectTo: '/reset-password' }));
    expect(known).not.toBe('still waiting');
    expect(unknown).not.toBe('still waiting');
    expect([(known as Response).status, (unknown as Response).status]).toEqual([200, 200]);
    expect(await (known as Response).text()).toBe(await (unknown as Response).text());

    // The mail was handed over and goes out once the mail server lets it.
    expect(held.started.map((m) => [m.to, m.subject])).toEqual([[account.email, 'Reset your Squares Pool password']]);
    expect(held.delivered).toEqual([]);
    held.release();
    await vi.waitFor(() => expect(held.delivered).toHaveLength(1));
  });

  it('sign-up and a new confirmation mail answer before the mail is sent', async () => {
    const held = heldMailer();
    const { auth } = authWith(held.mailer);
    const account = newAccount('heldsignup');
    const signUp = await answerOrWaiting(
      post(auth, '/sign-up/email', { email: account.email, password: account.password, name: account.username, username: account.username }),
    );
    expect(signUp).not.toBe('still waiting');
    expect((signUp as Response).status).toBe(200);

    const again = await answerOrWaiting(post(auth, '/send-verification-email', { email: account.email, callbackURL: '/login?confirmed=1' }));
    expect(again).not.toBe('still waiting');
    expect((again as Response).status).toBe(200);
    expect(held.started.map((m) => m.subject)).toEqual(['Confirm your Squares Pool account', 'Confirm your Squares Pool account']);
    expect(held.delivered).toEqual([]);
    held.release();
    await vi.waitFor(() => expect(held.delivered).toHaveLength(2));
  });

  it('a mail that fails is logged, and the answer is the same as for any other address', async () => {
    const account = await confirmedAccount(t.app, 'failingmail');
    const failing: Mailer = { kind: 'smtp', send: async () => Promise.reject(new Error('SMTP server said no')) };
    const { auth, log } = authWith(failing);
    const res = await post(auth, '/request-password-reset', { email: account.email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalled());
    const logged = log.error.mock.calls.flat() as unknown[];
    expect(logged.some((arg) => (arg as { err?: Error })?.err?.message === 'SMTP server said no')).toBe(true);
    // The reset link is a credential: it is not in the log.
    expect(JSON.stringify(logged)).not.toContain('token=');
  });
});
