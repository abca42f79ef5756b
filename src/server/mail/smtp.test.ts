import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cookiesOf,
  followLink,
  hrefsOf,
  logInAs,
  newAccount,
  requestPasswordReset,
  resetPassword,
  signUpAs,
  tokenOf,
  whoAmI,
} from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { type CapturedMail, type SmtpCatcher, startSmtpServer } from '../../../tests/support/smtp';

/** The mail has a text and an HTML part that carry the same single link; returns it. */
function linkOf(mail: CapturedMail, pattern: RegExp): string {
  expect(mail.contentType).toBe('multipart/alternative');
  expect(mail.parts.map((p) => p.contentType)).toEqual(['text/plain', 'text/html']);
  const fromText = mail.text!.match(pattern)?.[0];
  expect(fromText, mail.text).toBeDefined();
  expect(hrefsOf(mail.html!)).toEqual([fromText, fromText]);
  return fromText!;
}

// SMTP_URL needs PUBLIC_URL (config.ts): real mail links point to the configured address.
const PUBLIC = { host: '127.0.0.1:3000' };

describe(`mail through SMTP (SMTP_URL, D9, ${testDbKind})`, () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://127.0.0.1:3000', MAIL_FROM: 'Pool Organizer <pool@example.org>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sign-up delivers the confirmation to the SMTP server, not the Dev Mailbox, and its link confirms', async () => {
    const account = newAccount('smtp');
    expect((await signUpAs(t.app, account, PUBLIC)).statusCode).toBe(200);

    const mail = await smtp.waitFor(account.email);
    expect(mail.envelopeTo).toEqual([account.email]);
    expect(mail.envelopeFrom).toBe('pool@example.org');
    expect(mail.headers.from).toBe('Pool Organizer <pool@example.org>');
    expect(mail.headers.to).toBe(account.email);
    expect(mail.subject).toBe('Confirm your Squares Pool account');
    const link = linkOf(mail, /http:\/\/127\.0\.0\.1:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Flogin%3Fconfirmed%3D1/);
    expect(mail.text).toContain(`Hi ${account.username},`);

    // Nothing in the Dev Mailbox: it is off and its table is empty; the queue has the mail, sent.
    const mailbox = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(mailbox.statusCode).toBe(404);
    expect(mailbox.json()).toMatchObject({ error: { code: 'MAILBOX_DISABLED' } });
    expect(await t.db.handle.db.selectFrom('dev_mailbox').selectAll().execute()).toEqual([]);
    const queued = await t.db.handle.db.selectFrom('mail_queue').select(['status', 'message_id']).where('recipient', '=', account.email).execute();
    await vi.waitFor(async () =>
      expect(await t.db.handle.db.selectFrom('mail_queue').select('status').where('recipient', '=', account.email).execute()).toEqual([{ status: 'sent' }]),
    );
    expect(mail.headers['message-id']).toBe(queued[0]!.message_id);

    const confirm = await followLink(t.app, link);
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/login?confirmed=1');
    const login = await logInAs(t.app, account.email, account.password, PUBLIC);
    expect(login.statusCode).toBe(200);
    expect((await whoAmI(t.app, cookiesOf(login))).user?.email).toBe(account.email);
  });

  it('the reset mail goes through SMTP too, and its link resets the password', async () => {
    const account = newAccount('smtpreset');
    await signUpAs(t.app, account, PUBLIC);
    await followLink(t.app, linkOf(await smtp.waitFor(account.email), /http:\/\/127\.0\.0\.1:3000\/api\/auth\/verify-email\?\S+/));

    // Asked for through another host name, the link still points to PUBLIC_URL.
    expect((await requestPasswordReset(t.app, account.email, PUBLIC)).statusCode).toBe(200);
    const resetMail = await smtp.waitFor(account.email, 'Reset your Squares Pool password');
    const link = linkOf(resetMail, /http:\/\/127\.0\.0\.1:3000\/reset-password\?token=[\w-]+/);
    expect((await resetPassword(t.app, tokenOf(link), 'Brand#New2026', PUBLIC)).statusCode).toBe(200);
    expect((await logInAs(t.app, account.email, 'Brand#New2026', PUBLIC)).statusCode).toBe(200);
  });
});

describe(`mails sent in the background are delivered before the app has closed (${testDbKind})`, () => {
  it('closing the app right after a sign-up answers still delivers its confirmation mail', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://127.0.0.1:3000' } });
    try {
      const account = newAccount('shutdown');
      expect((await signUpAs(t.app, account, PUBLIC)).statusCode).toBe(200);
      // main.ts exits the process right after closing the app: by then the mail must be delivered.
      await t.close();
      expect(smtp.messages.filter((m) => m.envelopeTo.includes(account.email)).map((m) => m.subject)).toEqual(['Confirm your Squares Pool account']);
    } finally {
      await smtp.close();
    }
  });
});

describe(`production mode mails through SMTP with PUBLIC_URL links (${testDbKind})`, () => {
  it('sign-up in production: the mail reaches the SMTP server with a PUBLIC_URL link that confirms', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://squares.example.com', SMTP_URL: smtp.url, AUTH_SECRET: 'p'.repeat(40) },
    });
    try {
      const account = newAccount('prod');
      const visit = { host: 'squares.example.com', origin: 'https://squares.example.com' };
      expect((await signUpAs(t.app, account, visit)).statusCode).toBe(200);
      const mail = await smtp.waitFor(account.email);
      expect(mail.headers.from).toBe('Squares Pool <no-reply@squares.local>');
      const link = linkOf(mail, /https:\/\/squares\.example\.com\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Flogin%3Fconfirmed%3D1/);
      expect((await followLink(t.app, link)).headers.location).toBe('/login?confirmed=1');
      expect((await logInAs(t.app, account.email, account.password, visit)).statusCode).toBe(200);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
