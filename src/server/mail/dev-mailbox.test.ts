import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, newAccount, requestPasswordReset, signUpAs } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { type SmtpCatcher, startSmtpServer } from '../../../tests/support/smtp';
import { confirmationMail } from './templates';

const NOT_LOCAL = { error: { code: 'FORBIDDEN', message: 'The Dev Mailbox can only be opened on the machine that runs the app.' } };
const DISABLED = { error: { code: 'MAILBOX_DISABLED', message: 'The Dev Mailbox is available only in trial mode without SMTP.' } };

describe(`the Dev Mailbox (trial without SMTP, D9, ${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const open = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress, headers });

  it('keeps every mail with its text, HTML and link, newest first, uncached', async () => {
    const account = newAccount('mailbox');
    await signUpAs(t.app, account);
    await requestPasswordReset(t.app, account.email);
    const res = await open('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const mails = res.json().mails as Array<{ id: string; to: string; subject: string; text: string; html: string; link: string; created_at: string }>;
    const times = mails.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const mine = mails.filter((m) => m.to === account.email);
    expect(mine.map((m) => m.subject).sort()).toEqual(['Confirm your Squares Pool account', 'Reset your Squares Pool password']);
    for (const mail of mine) {
      expect(mail.id).toEqual(expect.any(String));
      expect(mail.text).toContain(mail.link);
      expect(mail.html).toContain('<!doctype html>');
    }
  });

  it('shows a mail committed to the queue before it was opened, even if the sender has not run since (design note 026)', async () => {
    const message = { to: 'queued@example.com', subject: 'Queued', text: 'x', html: '<p>x</p>', kind: 'refund' as const };
    // Queued as a service does, in a transaction, with no nudge after it.
    await t.db.handle.db.transaction().execute((trx) => t.app.mailQueue.enqueue(trx, message));
    const mails = (await open('127.0.0.1')).json().mails as Array<{ to: string }>;
    expect(mails.filter((m) => m.to === 'queued@example.com')).toHaveLength(1);
    // Opened again, it is still one mail: the queue sent it once.
    const again = (await open('127.0.0.1')).json().mails as Array<{ to: string }>;
    expect(again.filter((m) => m.to === 'queued@example.com')).toHaveLength(1);
  });

  it.each([['127.0.0.1'], ['127.8.9.10'], ['::1'], ['::ffff:127.0.0.1']])('opens for the loopback client %s', async (ip) => {
    expect((await open(ip)).statusCode).toBe(200);
  });

  it.each([['10.1.2.3'], ['192.168.1.20'], ['::ffff:10.1.2.3'], ['2001:db8::1']])('refuses the non-loopback client %s with 403', async (ip) => {
    const res = await open(ip);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(NOT_LOCAL);
    expect(res.body).not.toContain('token=');
  });

  it('does not take a forwarded loopback address for a local client when no proxy is trusted', async () => {
    const res = await open('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' });
    expect(res.statusCode).toBe(403);
  });
});

describe(`the Dev Mailbox behind a trusted proxy (${testDbKind})`, () => {
  it('a remote client cannot pass for the local machine by sending X-Forwarded-For: 127.0.0.1 through the proxy', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      await signUpAs(t.app, newAccount('proxied'));
      // The proxy (10.0.0.2) appends the address it saw, 203.0.113.5, to what the client sent.
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('token=');
    } finally {
      await t.close();
    }
  });
});

describe(`the Dev Mailbox is gone outside the trial without SMTP (${testDbKind})`, () => {
  let smtp: SmtpCatcher;
  let t: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(() => smtp.close());

  it('is 404 MAILBOX_DISABLED in production, even for the local machine', async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://squares.example.com', SMTP_URL: smtp.url, AUTH_SECRET: 'p'.repeat(40) },
    });
    expect(t.settings.trialMode).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(DISABLED);
  });

  it('is 404 MAILBOX_DISABLED in a trial with SMTP_URL', async () => {
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://127.0.0.1:3000' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(DISABLED);
  });
});

describe(`Dev Mailbox mails are complete (${testDbKind})`, () => {
  it('a confirmation mail greets the username in its text and HTML parts', async () => {
    const t = await createTestApp();
    try {
      const account = { ...newAccount('html'), username: 'Tom_and.Jerry-2' };
      expect((await signUpAs(t.app, account)).statusCode).toBe(200);
      const [mail] = await mailsTo(t.app, account.email);
      expect(mail!.text).toContain('Hi Tom_and.Jerry-2,');
      expect(mail!.html).toContain('Hi Tom_and.Jerry-2,');
    } finally {
      await t.close();
    }
  });

  it('the templates escape HTML in what they are given (a username can no longer hold any, issue 10)', () => {
    const mail = confirmationMail('a@example.com', '<b>Tom&Jerry</b>', 'http://localhost:3000/x?a=1&b="2"');
    expect(mail.text).toContain('Hi <b>Tom&Jerry</b>,');
    expect(mail.html).toContain('Hi &lt;b&gt;Tom&amp;Jerry&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Tom');
    expect(mail.html).toContain('href="http://localhost:3000/x?a=1&amp;b=&quot;2&quot;"');
  });
});
