import { copyFileSync, renameSync, rmSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testAccount } from '../../../tests/support/accounts';
import { testDbKind } from '../../../tests/support/db';
import { insertQueuedMail } from '../../../tests/support/fixtures';
import { startSmtpServer } from '../../../tests/support/smtp';
import { sqliteConnectionOf } from '../db/connection';
import { DatabaseFileGone } from '../db/sqlite-file';
import { databaseCheck, readiness } from './readiness';

/** The app with every log line (warn and above, JSON) kept. */
async function loggedApp(): Promise<{ t: TestApp; lines: string[]; logged: (text: string) => string[] }> {
  const lines: string[] = [];
  const t = await createTestApp({
    env: { SWEEP_INTERVAL_SECONDS: '3600' },
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  return { t, lines, logged: (text) => lines.filter((line) => line.includes(text)) };
}

const ready = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health/ready' });

describe(`liveness and readiness (${testDbKind})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('live answers without the database; ready checks the database and the migrations, uncached', async () => {
    ({ t } = await loggedApp());
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'database', ok: true, cause: null },
        { name: 'migrations', ok: true, cause: null },
        { name: 'mail queue', ok: true, cause: null },
      ],
    });
    // The probe's write was rolled back: the migration lock holds only Kysely's own row.
    const locks = await sql<{ id: string }>`select id from kysely_migration_lock`.execute(t.db.handle.raw);
    expect(locks.rows.map((r) => r.id)).toEqual(['migration_lock']);
    // The old health check still answers as before.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: testDbKind });
  });

  it('is not ready while a migration of this version is missing, and says which; logged once per change', async () => {
    const app = await loggedApp();
    t = app.t;
    await sql`delete from kysely_migration where name = '013_pot_of_sold_squares'`.execute(t.db.handle.raw);
    for (let i = 0; i < 3; i++) {
      const res = await ready(t);
      expect(res.statusCode).toBe(503);
      expect(res.json().checks[1]).toEqual({
        name: 'migrations',
        ok: false,
        cause: 'migrations not applied: 013_pot_of_sold_squares (run npm run migrate, or restart the app)',
      });
      expect(res.json().checks[0].ok).toBe(true);
    }
    expect(app.logged('not ready: migrations: migrations not applied: 013_pot_of_sold_squares')).toHaveLength(1);
    await sql`insert into kysely_migration (name, timestamp) values ('013_pot_of_sold_squares', ${new Date().toISOString()})`.execute(t.db.handle.raw);
    expect((await ready(t)).statusCode).toBe(200);
    expect(app.logged('ready again: migrations')).toHaveLength(1);
    await sql`insert into kysely_migration (name, timestamp) values ('099_from_the_future', ${new Date().toISOString()})`.execute(t.db.handle.raw);
    expect((await ready(t)).json().checks[1].cause).toBe(
      'the database has migrations this version does not know: 099_from_the_future (a newer version ran on it)',
    );
  });

  it('is not ready while a due mail waits unsent (no sender runs), ready again once it is sent; a mail waiting for its retry is not stuck', async () => {
    const app = await loggedApp();
    t = app.t;
    // SMTP down: the mail waits for its next try (not due yet), so the instance stays ready.
    await insertQueuedMail(t.db.handle, { id: 'retrying', status: 'queued', nextAttemptAt: new Date(Date.now() + 30 * 60_000) });
    expect((await ready(t)).statusCode).toBe(200);
    // Due for ten minutes and nobody sent it: no sender runs here (the interval is an hour and nothing nudged it).
    await insertQueuedMail(t.db.handle, { id: 'stuck', status: 'queued', nextAttemptAt: new Date(Date.now() - 10 * 60_000) });
    for (let i = 0; i < 2; i++) {
      const res = await ready(t);
      expect(res.statusCode).toBe(503);
      expect(res.json().checks[2]).toEqual({
        name: 'mail queue',
        ok: false,
        cause: 'mail is due but no instance is sending it: look for mail sender errors in the log',
      });
    }
    expect(app.logged('not ready: mail queue')).toHaveLength(1);
    await t.db.handle.raw.updateTable('mail_queue').set({ status: 'sent', sent_at: new Date().toISOString() }).where('id', '=', 'stuck').execute();
    expect((await ready(t)).statusCode).toBe(200);
    expect(app.logged('ready again: mail queue')).toHaveLength(1);
  });

  it('is not ready when writes fail, and the cause names the database error', async () => {
    const app = await loggedApp();
    t = app.t;
    const raw = t.db.handle.raw;
    let expected: RegExp;
    if (testDbKind === 'sqlite') {
      // A read-only database (a file or a disk mounted read-only) refuses every write.
      sqliteConnectionOf(raw)!.exec('PRAGMA query_only = ON');
      expected = /^writes fail: SQLITE_READONLY: attempt to write a readonly database$/;
    } else {
      // PostgreSQL refuses the probe's write as it would any refused write: by its SQLSTATE.
      await sql`alter table kysely_migration_lock add constraint refuse_writes check (false) not valid`.execute(raw);
      expected = /^writes fail: 23514: new row for relation "kysely_migration_lock" violates check constraint "refuse_writes"/;
    }
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('not_ready');
    expect(res.json().checks[0].cause).toMatch(expected);
    await ready(t);
    expect(app.logged('not ready: database: writes fail')).toHaveLength(1);
  });
});

describe.runIf(testDbKind === 'sqlite')('readiness of a SQLite file (sqlite)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('fails when the database file is deleted while the app runs (writes would go to a file nobody finds), logged once', async () => {
    const app = await loggedApp();
    t = app.t;
    const file = t.db.handle.sqliteFile!.path;
    rmSync(file);
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    const cause = `the database file ${file} is gone (deleted or moved while the app runs): what is written now is lost at the next start; restore the file (npm run restore) and restart`;
    expect(res.json().checks[0]).toEqual({ name: 'database', ok: false, cause });
    expect((await ready(t)).statusCode).toBe(503);
    expect(app.logged(`not ready: database: ${cause}`)).toHaveLength(1);
    expect(JSON.parse(app.logged('not ready: database')[0]!)).toMatchObject({ level: 50, check: 'database', cause });
  });

  it('writes nothing into a file that is gone, whoever writes (a job, a transaction, a single statement); reads go on; the file moved back takes writes again', async () => {
    const smtp = await startSmtpServer();
    try {
      t = await createTestApp({ env: { SWEEP_INTERVAL_SECONDS: '3600', SMTP_URL: smtp.url, PUBLIC_URL: 'http://127.0.0.1:3000' } });
      const file = t.db.handle.sqliteFile!.path;
      await insertQueuedMail(t.db.handle, { id: 'due', status: 'queued', nextAttemptAt: new Date(Date.now() - 60_000) });
      renameSync(file, `${file}.moved`);
      const gone = `the database file ${file} is gone (deleted or moved while the app runs): what is written now is lost at the next start; restore the file (npm run restore) and restart`;
      // The mail sender claims a mail before it sends it: the claim is refused, so nothing is sent.
      await expect(t.app.mailQueue.deliverDue()).rejects.toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', fileCause: gone });
      await expect(t.db.handle.db.transaction().execute((tx) => tx.deleteFrom('mail_queue').execute())).rejects.toBeInstanceOf(DatabaseFileGone);
      await expect(sql`update mail_queue set attempts = 5`.execute(t.db.handle.raw)).rejects.toBeInstanceOf(DatabaseFileGone);
      expect(await t.db.handle.db.selectFrom('mail_queue').select(['id', 'status', 'attempts']).execute()).toEqual([
        { id: 'due', status: 'queued', attempts: 1 },
      ]);
      expect(smtp.messages).toHaveLength(0);

      renameSync(`${file}.moved`, file);
      expect(await t.app.mailQueue.deliverDue()).toBe(1);
      expect(smtp.messages.map((m) => m.envelopeTo)).toEqual([['player@example.com']]);
    } finally {
      await smtp.close();
    }
  });

  it('fails when the file at the path is another one (moved away and copied back)', async () => {
    ({ t } = await loggedApp());
    const file = t.db.handle.sqliteFile!.path;
    renameSync(file, `${file}.moved`);
    copyFileSync(`${file}.moved`, file);
    expect((await ready(t)).json().checks[0].cause).toBe(
      `the database file ${file} was replaced while the app runs (the app still writes to the old one): restart the app`,
    );
  });

  it('fails when the disk holding the database has too little room (a rolled-back write never reaches the disk)', async () => {
    ({ t } = await loggedApp());
    const dir = dirname(t.db.handle.sqliteFile!.path);
    const disk = statfsSync(dir);
    // This disk as if full: more room asked of it than it has.
    const wanted = Math.ceil((disk.bavail * disk.bsize) / 2 ** 20 + 1) * 2 ** 20;
    const errors: string[] = [];
    const ready = readiness([databaseCheck(t.db.handle, wanted)], { info() {}, warn() {}, error: (_obj, msg) => errors.push(msg) });
    const cause = `the disk holding ${dir} has less than ${wanted / 2 ** 20} MiB free: writes fail or soon will (SQLITE_FULL); free some space`;
    expect(await ready()).toEqual({ status: 'not_ready', checks: [{ name: 'database', ok: false, cause }] });
    await ready();
    expect(errors).toEqual([`not ready: database: ${cause}`]);
    // The app's own check asks for 8 MiB, which this disk has.
    expect(await readiness([databaseCheck(t.db.handle)], { info() {}, warn() {}, error() {} })()).toMatchObject({ status: 'ready' });
  });

  it('fails when the database is full (SQLITE_FULL), and a request whose write fails logs why', async () => {
    const app = await loggedApp();
    t = app.t;
    const admin = await testAccount(t, { admin: true });
    const sqlite = sqliteConnectionOf(t.db.handle.raw)!;
    // No free page left and no room to grow: what a full disk does to every write that needs a page.
    sqlite.exec('VACUUM');
    const { page_count } = sqlite.prepare('PRAGMA page_count').get() as { page_count: number };
    sqlite.exec(`PRAGMA max_page_count = ${page_count}`);
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.json().checks[0].cause).toBe('writes fail: SQLITE_FULL: database or disk is full');
    expect(app.logged('not ready: database: writes fail: SQLITE_FULL: database or disk is full')).toHaveLength(1);

    // Real writes: new games until one needs a page (at once, after VACUUM packed every page).
    let failed: Record<string, unknown> | undefined;
    for (let i = 0; i < 50 && !failed; i++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/games',
        headers: { cookie: admin.cookie, origin: 'http://localhost' },
        payload: { title: `Full Disk Bowl ${i}`, team_a: 'Alphas', team_b: 'Betas', price_per_square: 10 },
      });
      if (created.statusCode === 500) failed = JSON.parse(app.logged('request failed')[0]!) as Record<string, unknown>;
      else expect(created.statusCode, created.body).toBe(201);
    }
    expect(failed).toMatchObject({
      level: 50,
      msg: 'request failed: SQLITE_FULL: database or disk is full',
      database: 'SQLITE_FULL: database or disk is full',
    });

    // Room again: ready again, said once.
    sqlite.exec('PRAGMA max_page_count = 1073741823');
    expect((await ready(t)).statusCode).toBe(200);
    expect(app.logged('ready again: database')).toHaveLength(1);
  });
});
