import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAccount, postAuth, requestPasswordReset, signUpAs, testAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import type { Mailer, QueuedMail } from '../mail/mailer';

/** A mailer whose sends do not finish until released: a slow SMTP server, made certain. */
function heldMailer() {
  const started: QueuedMail[] = [];
  const delivered: QueuedMail[] = [];
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
 * 6 ms for an unknown one. The structure is tested, not the time: with a mail server that has
 * not accepted the mail yet, the answer for a known address still comes. Since design note 026
 * the answer queues the mail (one insert) and the queue's sender delivers it.
 */
describe(`mail-sending answers do not wait for the mail (${testDbKind})`, () => {
  const held = heldMailer();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { mailer: held.mailer } });
  });
  afterAll(async () => {
    held.release();
    await t.close();
  });

  it('password reset for a known address answers before its mail is sent, like an unknown one; sign-up and a new confirmation too', async () => {
    const account = await testAccount(t, { prefix: 'heldreset' });
    const known = await answerOrWaiting(requestPasswordReset(t.app, account.email));
    const unknown = await answerOrWaiting(requestPasswordReset(t.app, 'nobody-held@example.com'));
    expect(known).not.toBe('still waiting');
    expect(unknown).not.toBe('still waiting');
    if (known === 'still waiting' || unknown === 'still waiting') return;
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);

    const signing = newAccount('heldsignup');
    const signUp = await answerOrWaiting(signUpAs(t.app, signing));
    expect(signUp).not.toBe('still waiting');
    const again = await answerOrWaiting(postAuth(t.app, '/send-verification-email', { email: signing.email, callbackURL: '/login?confirmed=1' }));
    expect(again).not.toBe('still waiting');
    if (signUp === 'still waiting' || again === 'still waiting') return;
    expect([signUp.statusCode, again.statusCode]).toEqual([200, 200]);

    // The mails were handed to the mail server (the first is in its hands, the rest queued behind it).
    await vi.waitFor(() => expect(held.started.map((m) => [m.to, m.subject])).toEqual([[account.email, 'Reset your Squares Pool password']]));
    expect(held.delivered).toEqual([]);
    held.release();
    await vi.waitFor(() =>
      expect(held.delivered.map((m) => m.subject)).toEqual([
        'Reset your Squares Pool password',
        'Confirm your Squares Pool account',
        'Confirm your Squares Pool account',
      ]),
    );
  });
});

describe(`a mail that fails is logged without its link, and the answer is the same as for any other address (${testDbKind})`, () => {
  it('logs the failure and keeps the mail queued for another try', async () => {
    const lines: string[] = [];
    const failing: Mailer = {
      kind: 'smtp',
      send: async (mail) => Promise.reject(new Error(`SMTP server said no to ${mail.link ?? ''}`)),
    };
    const t = await createTestApp({ deps: { mailer: failing }, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const account = await testAccount(t, { prefix: 'failingmail' });
      const res = await requestPasswordReset(t.app, account.email);
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(lines.some((line) => line.includes('a mail could not be sent; it is tried again'))).toBe(true));
      const logged = lines.filter((line) => line.includes('a mail could not be sent'));
      expect(logged.join('\n')).toContain('SMTP server said no');
      // The reset link is a credential: it is neither in the log nor in the queue's last error.
      expect(lines.join('\n')).not.toContain('token=');
      const [row] = await t.db.handle.db.selectFrom('mail_queue').select(['status', 'attempts', 'last_error']).where('recipient', '=', account.email).execute();
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.last_error).toContain('SMTP server said no to <url>');
    } finally {
      await t.close();
    }
  });
});
