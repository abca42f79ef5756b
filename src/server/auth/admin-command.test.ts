import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFlags } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createTestDatabase, testDbKind } from '../../../tests/support/db';
import { insertUser } from '../../../tests/support/fixtures';
import { openDatabase } from '../db/connection';
import { ADMIN_USAGE, runAdminCommand } from './admin-command';

const quiet = { info: () => {}, warn: () => {} };

describe(`npm run admin -- grant|revoke EMAIL (D8, ${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  });
  afterAll(() => t.close());

  const run = (...args: string[]) => runAdminCommand(args, t.settings, t.db.handle, quiet);

  it('grants and revokes the flag for good, whatever the case of the address', async () => {
    await insertUser(t.db.handle, 'keeper@example.com');
    await run('grant', 'keeper@example.com');
    const { email } = await insertUser(t.db.handle, 'ref@example.com');
    expect(await run('grant', ' REF@Example.com ')).toEqual({ code: 0, message: 'ref@example.com is now an admin.' });
    expect((await adminFlags(t.db))[email]).toBe(true);
    expect(await run('revoke', 'ref@example.com')).toEqual({ code: 0, message: 'ref@example.com is no longer an admin.' });
    expect((await adminFlags(t.db))[email]).toBe(false);
  });

  it('refuses to revoke an address listed in ADMIN_EMAILS, with the reason', async () => {
    await insertUser(t.db.handle, 'boss@example.com');
    await run('grant', 'boss@example.com');
    expect(await run('revoke', 'boss@example.com')).toEqual({
      code: 1,
      message: 'boss@example.com is listed in ADMIN_EMAILS; remove it there to revoke its admin rights.',
    });
    expect((await adminFlags(t.db))['boss@example.com']).toBe(true);
  });

  it('refuses to revoke the last admin, with what to do instead; once another admin exists it goes through', async () => {
    const { email } = await insertUser(t.db.handle, 'last@example.com');
    await run('grant', email);
    // The other admins so far lose their rights; `last` is the only one left.
    await t.db.handle.db.updateTable('user').set({ isAdmin: false }).where('email', '!=', email).execute();
    expect(await run('revoke', email)).toEqual({
      code: 1,
      message: `${email} is the only admin, so it keeps its admin rights. Make another account an admin first (npm run admin -- grant EMAIL), then revoke this one.`,
    });
    expect((await adminFlags(t.db))[email]).toBe(true);
    // A deleted account's flag does not count as another admin.
    const gone = await insertUser(t.db.handle, 'gone@example.com');
    await t.db.handle.db.updateTable('user').set({ isAdmin: true, deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    expect((await run('revoke', email)).code).toBe(1);
    await insertUser(t.db.handle, 'next@example.com');
    await run('grant', 'next@example.com');
    expect(await run('revoke', email)).toEqual({ code: 0, message: `${email} is no longer an admin.` });
    expect((await adminFlags(t.db))[email]).toBe(false);
  });

  it('says so when no account has the address', async () => {
    expect(await run('grant', 'nobody@example.com')).toEqual({ code: 1, message: 'No account with the e-mail nobody@example.com.' });
  });

  it.each([[[]], [['promote', 'a@example.com']], [['grant']], [['grant', '  ']], [['grant', 'a@example.com', 'b@example.com']]])(
    'prints the usage for %j',
    async (args) => {
      expect(await run(...args)).toEqual({ code: 2, message: ADMIN_USAGE });
    },
  );
});

// The command's wiring (settings, migrate, exit codes), on a SQLite file in every run.
describe('the admin command as npm runs it', () => {
  it('works on a new database file, then grants a confirmed account', async () => {
    const db = await createTestDatabase('sqlite');
    await db.handle.close();
    const file = db.settings.kind === 'sqlite' ? db.settings.file : '';
    const env = { ...process.env, DATABASE_URL: file, AUTH_SECRET: 'c'.repeat(40), NODE_ENV: 'test', ADMIN_EMAILS: '' };
    const cli = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'src/server/auth/admin-cli.ts', ...args], { env }).then(
        (out) => ({ code: 0, ...out }),
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
    try {
      const missing = await cli('grant', 'late@example.com');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No account with the e-mail late@example.com.');

      const handle = await openDatabase({ kind: 'sqlite', file });
      try {
        await insertUser(handle, 'late@example.com');
        const granted = await cli('grant', 'late@example.com');
        expect(granted.code).toBe(0);
        expect(granted.stdout).toContain('late@example.com is now an admin.');
        const row = await handle.db.selectFrom('user').select('isAdmin').where('email', '=', 'late@example.com').executeTakeFirst();
        expect(row?.isAdmin).toBe(true);
      } finally {
        await handle.close();
      }
    } finally {
      await db.cleanup().catch(() => {});
    }
  }, 60_000);
});
