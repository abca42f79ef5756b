import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAccount, requestPasswordReset, signUpAs, testAccount } from '../../../tests/support/accounts';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../tests/support/app';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/support/db';
import { startInstance, type AppInstance } from '../../../tests/support/instances';
import { databaseUrlOf, spawnServer } from '../../../tests/support/server-process';
import { type SmtpCatcher, startSmtpServer } from '../../../tests/support/smtp';
import { parseSettings } from '../config';
import { migrate } from '../db/migrate';
import type { Executor } from '../db/executor';
import { unsubscribeSigner } from './unsubscribe';
import { mailQueue } from './mail-queue.service';
import type { Mailer, MailMessage } from './mailer';

const PUBLIC_URL = 'http://127.0.0.1:3000';
const PUBLIC = { host: '127.0.0.1:3000' };
const HOUR = 3_600_000;
const later = (ms: number) => new Date(Date.now() + ms);

/** The queue rows of one recipient. */
const rowsTo = (db: Executor, to: string) =>
  db.selectFrom('mail_queue').select(['status', 'attempts', 'last_error', 'message_id', 'sent_at', 'lease_owner']).where('recipient', '=', to).execute();

/** What a recipient's queue rows hold of their mail: its text, links and unsubscribe link. */
const contentTo = (db: Executor, to: string) =>
  db.selectFrom('mail_queue').select(['text_body', 'html_body', 'link', 'unsubscribe_url']).where('recipient', '=', to).execute();
const CLEARED = { text_body: '', html_body: '', link: null, unsubscribe_url: null };

/** Messages the SMTP server accepted for an address. */
const receivedBy = (smtp: SmtpCatcher, to: string) => smtp.messages.filter((m) => m.envelopeTo.includes(to));

const message = (to: string): MailMessage => ({ to, subject: 'Queued mail', text: 'Hello', html: '<p>Hello</p>', kind: 'refund' });

/** A freshly migrated database with no app running on it. */
async function migratedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const settings = parseSettings({ NODE_ENV: 'test', AUTH_SECRET: TEST_SECRET });
  settings.database = database.settings;
  await migrate(database.handle, settings, TEST_SECRET);
  return database;
}

/** A queue on a database with no app running: what a process that stopped had written. */
const standaloneQueue = (database: TestDatabase, mailer: Mailer = { kind: 'smtp', send: async () => {} }) =>
  mailQueue({
    db: database.handle.db,
    mailer,
    log: { info() {}, warn() {}, error() {}, debug() {} } as never,
    clock: () => new Date(),
    retryWindowMs: 24 * HOUR,
    intervalMs: 60_000,
    messageIdDomain: 'squares.example.com',
    unsubscribe: { signer: unsubscribeSigner(TEST_SECRET), origin: () => 'http://127.0.0.1:3000' },
  });

describe(`mail is never lost: SMTP refusing, then accepting (D40, design note 026, ${testDbKind})`, () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_RETRY_HOURS: '3' },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a reset mail the server refuses stays queued, is tried again later, and arrives exactly once with its queue Message-ID', async () => {
    const account = await testAccount(t, { prefix: 'refused' });
    smtp.mode = 'refuse';
    expect((await requestPasswordReset(t.app, account.email, PUBLIC)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await rowsTo(t.db.handle.db, account.email)).toMatchObject([{ status: 'queued', attempts: 1 }]));
    const [failed] = await rowsTo(t.db.handle.db, account.email);
    expect(failed!.last_error).toContain('450');
    const [waiting] = await contentTo(t.db.handle.db, account.email);
    expect(waiting!.text_body).toContain('token=');
    expect(failed!.last_error).not.toContain('token=');
    expect(receivedBy(smtp, account.email)).toEqual([]);

    // Not due yet (the first retry waits about a minute): the sender leaves it.
    expect(await t.app.mailQueue.deliverDue()).toBe(0);
    const health = await t.app.mailQueue.health();
    expect(health).toMatchObject({ queued: 1, failed: 0, oldestDueAgeSeconds: 0, stuck: false });
    // Ten minutes on with nobody sending, the due mail would make the queue stuck (readiness).
    expect(await t.app.mailQueue.health(later(10 * 60_000))).toMatchObject({ queued: 1, stuck: true });

    smtp.mode = 'accept';
    expect(await t.app.mailQueue.deliverDue(later(2 * 60_000))).toBe(1);
    const [mail] = receivedBy(smtp, account.email);
    expect(mail!.subject).toBe('Reset your Squares Pool password');
    expect(mail!.headers['message-id']).toBe(failed!.message_id);
    expect(await rowsTo(t.db.handle.db, account.email)).toMatchObject([{ status: 'sent', attempts: 2, last_error: null, lease_owner: null }]);
    // The reset link was in the row while it waited; once sent, the row keeps no copy of it.
    expect(mail!.text).toContain('token=');
    expect(await contentTo(t.db.handle.db, account.email)).toEqual([CLEARED]);

    // Sent once: later runs, here and by the job, send nothing more.
    expect(await t.app.mailQueue.deliverDue(later(HOUR))).toBe(0);
    expect(receivedBy(smtp, account.email)).toHaveLength(1);
    expect(await t.app.mailQueue.health()).toMatchObject({ queued: 0, failed: 0, stuck: false });
  });

  it('a mail refused until its retry window ends is marked failed and logged, never sent', async () => {
    const account = newAccount('givenup');
    smtp.mode = 'refuse';
    expect((await signUpAs(t.app, account, PUBLIC)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await rowsTo(t.db.handle.db, account.email)).toMatchObject([{ status: 'queued', attempts: 1 }]));
    // Past MAIL_RETRY_HOURS (3): the next try would fall outside the window.
    expect(await t.app.mailQueue.deliverDue(later(3 * HOUR))).toBe(0);
    expect(await rowsTo(t.db.handle.db, account.email)).toMatchObject([{ status: 'failed', attempts: 2, sent_at: null }]);
    expect(await contentTo(t.db.handle.db, account.email)).toEqual([CLEARED]);
    expect(lines.some((line) => line.includes('a mail was given up') && line.includes('"kind":"confirmation"'))).toBe(true);
    expect(lines.join('\n')).not.toContain('token=');
    expect(await t.app.mailQueue.health()).toMatchObject({ failed: 1 });
    smtp.mode = 'accept';
    expect(await t.app.mailQueue.deliverDue(later(4 * HOUR))).toBe(0);
    expect(receivedBy(smtp, account.email)).toEqual([]);
  });
});

describe(`the SMTP server is checked at start (${testDbKind})`, () => {
  it('with nothing listening: a warning names the cause and the fix, the app starts, and the mail arrives once the server is up', async () => {
    const gone = await startSmtpServer();
    const port = gone.port;
    await gone.close();
    const lines: string[] = [];
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${port}`, PUBLIC_URL },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    let smtp: SmtpCatcher | undefined;
    try {
      await vi.waitFor(() => expect(lines.find((line) => line.includes('SMTP server cannot be used'))).toBeDefined());
      const warning = JSON.parse(lines.find((line) => line.includes('SMTP server cannot be used'))!) as { level: number; cause: string; fix: string };
      expect(warning.level).toBe(40);
      expect(warning.cause).toContain('ECONNREFUSED');
      expect(warning.fix).toContain('SMTP_URL');
      expect(lines.join('\n')).not.toContain('s3cret-pass');

      const account = newAccount('downatstart');
      expect((await signUpAs(t.app, account, PUBLIC)).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await rowsTo(t.db.handle.db, account.email)).toMatchObject([{ status: 'queued', attempts: 1 }]));
      smtp = await startSmtpServer({ port });
      expect(await t.app.mailQueue.deliverDue(later(2 * 60_000))).toBe(1);
      expect(receivedBy(smtp, account.email).map((m) => m.subject)).toEqual(['Confirm your Squares Pool account']);
    } finally {
      await t.close();
      await smtp?.close();
    }
  });
});

describe(`a mail exists exactly when its change committed (${testDbKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await migratedDatabase();
  });
  afterAll(() => database.cleanup());

  it('a rolled-back transaction queues nothing; a committed one queues its mail once', async () => {
    const q = standaloneQueue(database);
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        await q.enqueue(trx, message('rolledback@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsTo(database.handle.db, 'rolledback@example.com')).toEqual([]);

    await database.handle.db.transaction().execute((trx) => q.enqueue(trx, message('committed@example.com')));
    const rows = await rowsTo(database.handle.db, 'committed@example.com');
    expect(rows).toMatchObject([{ status: 'queued', attempts: 0 }]);
    expect(rows[0]!.message_id).toMatch(/^<[0-9a-f-]{36}@squares\.example\.com>$/);
  });

  it("a named person's placeholder address is never queued (D29)", async () => {
    const q = standaloneQueue(database);
    await q.enqueue(database.handle.db, message('named-1@named.invalid'));
    expect(await rowsTo(database.handle.db, 'named-1@named.invalid')).toEqual([]);
  });
});

describe(`a mail queued before a stop is sent by the next start (${testDbKind})`, () => {
  it('the app closed right after the commit, before any sender ran: a new app on the same database sends it, once', async () => {
    const database = await migratedDatabase();
    const smtp = await startSmtpServer();
    let instance: AppInstance | undefined;
    try {
      // The commit happened in a process that stopped before its sender ran.
      await database.handle.db.transaction().execute(async (trx) => {
        await standaloneQueue(database).enqueue(trx, message('afterstop@example.com'));
      });
      instance = await startInstance(database, { env: { SMTP_URL: smtp.url, PUBLIC_URL } });
      const mail = await smtp.waitFor('afterstop@example.com');
      expect(mail.subject).toBe('Queued mail');
      await vi.waitFor(async () => expect(await rowsTo(database.handle.db, 'afterstop@example.com')).toMatchObject([{ status: 'sent', attempts: 1 }]));
      expect(await instance.app.mailQueue.deliverDue(later(HOUR))).toBe(0);
      expect(receivedBy(smtp, 'afterstop@example.com')).toHaveLength(1);
    } finally {
      await instance?.close();
      await smtp.close();
      await database.cleanup();
    }
  });
});

describe(`two instances on one database send each mail once (${testDbKind})`, () => {
  it('30 queued mails, two instances sending at the same moment: 30 messages, each once', async () => {
    const database = await migratedDatabase();
    const smtp = await startSmtpServer();
    const instances: AppInstance[] = [];
    try {
      const to = Array.from({ length: 30 }, (_, i) => `pair-${i}@example.com`);
      const q = standaloneQueue(database);
      await database.handle.db.transaction().execute(async (trx) => {
        for (const address of to) await q.enqueue(trx, message(address));
      });
      const env = { SMTP_URL: smtp.url, PUBLIC_URL };
      instances.push(...(await Promise.all([startInstance(database, { env }), startInstance(database, { env })])));
      // Both start-up runs have begun; both send again at once, twice.
      await Promise.all(instances.map((instance) => instance.app.mailQueue.deliverDue()));
      await Promise.all(instances.map((instance) => instance.app.mailQueue.deliverDue()));
      await vi.waitFor(async () => expect(await database.handle.db.selectFrom('mail_queue').select('id').where('status', '!=', 'sent').execute()).toEqual([]));
      expect(smtp.messages.map((m) => m.envelopeTo[0]).sort()).toEqual([...to].sort());
      expect(new Set(smtp.messages.map((m) => m.headers['message-id'])).size).toBe(30);
    } finally {
      for (const instance of instances) await instance.close();
      await smtp.close();
      await database.cleanup();
    }
  });
});

describe(`a crash between commit and send loses nothing (${testDbKind})`, () => {
  it('the server is killed (SIGKILL) while the mail server holds its mail; the next instance sends it once, with the same Message-ID', async () => {
    const database = await migratedDatabase();
    const smtp = await startSmtpServer();
    smtp.mode = 'hold';
    let instance: AppInstance | undefined;
    const server = await spawnServer({ DATABASE_URL: databaseUrlOf(database), AUTH_SECRET: TEST_SECRET, SMTP_URL: smtp.url, PUBLIC_URL });
    try {
      const account = newAccount('crash');
      const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
        body: JSON.stringify({ email: account.email, password: account.password, name: account.username, username: account.username }),
      });
      expect(res.status, server.tail()).toBe(200);
      // The sender claimed it and the mail server has read it, but has not said it took it.
      await vi.waitFor(() => expect(smtp.held).toBe(1), { timeout: 20_000 });
      await server.kill();
      const [row] = await rowsTo(database.handle.db, account.email);
      expect(row).toMatchObject({ status: 'sending', attempts: 1 });
      expect(receivedBy(smtp, account.email)).toEqual([]);

      smtp.mode = 'accept';
      instance = await startInstance(database, { env: { SMTP_URL: smtp.url, PUBLIC_URL } });
      // The dead sender's lease (5 minutes) keeps the mail from a second sender until it ends.
      expect(await instance.app.mailQueue.deliverDue()).toBe(0);
      expect(await instance.app.mailQueue.deliverDue(later(6 * 60_000))).toBe(1);
      const received = receivedBy(smtp, account.email);
      expect(received.map((m) => m.subject)).toEqual(['Confirm your Squares Pool account']);
      expect(received[0]!.headers['message-id']).toBe(row!.message_id);
      expect(await rowsTo(database.handle.db, account.email)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    } finally {
      await server.kill();
      await instance?.close();
      await smtp.close();
      await database.cleanup();
    }
  }, 90_000);
});
