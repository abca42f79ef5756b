import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  cookiesOf,
  followLink,
  latestMail,
  logInAs,
  newAccount,
  mailsTo,
  postAuth,
  requestPasswordReset,
  resetPassword,
  signOut,
  signUpAs,
  tokenOf,
} from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

/** Distinctive passwords, so a hit in the log cannot be a coincidence. */
const PASSWORD = 'Zebra#Quartz-7731';
const WRONG_PASSWORD = 'Wrong#Marmot-4409';
const WEAK_PASSWORD = 'weakpassword-5581';
const NEW_PASSWORD = 'Otter$Basalt-2290';
const SECRETS = [PASSWORD, WRONG_PASSWORD, WEAK_PASSWORD, NEW_PASSWORD];

describe(`passwords are never logged (${testDbKind})`, () => {
  const lines: string[] = [];
  const consoleSpies: MockInstance[] = [];
  let t: TestApp;

  beforeAll(async () => {
    // Fastify's log at its most verbose, and the console, where Better Auth writes its own lines.
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      consoleSpies.push(vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))));
    }
    t = await createTestApp({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });

    const account = { ...newAccount('logged'), password: PASSWORD };
    await signUpAs(t.app, { ...account, password: WEAK_PASSWORD });
    await signUpAs(t.app, account);
    await followLink(t.app, (await latestMail(t.app, account.email)).link!);
    await logInAs(t.app, account.email, WRONG_PASSWORD);
    await logInAs(t.app, 'nobody@example.com', WRONG_PASSWORD);
    const login = await logInAs(t.app, account.email, PASSWORD);
    await postAuth(t.app, '/change-password', { currentPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD }, { cookie: cookiesOf(login) });
    await signOut(t.app, cookiesOf(login));
    await requestPasswordReset(t.app, account.email);
    const resetLink = (await mailsTo(t.app, account.email)).find((m) => m.subject.startsWith('Reset'))!.link!;
    await resetPassword(t.app, tokenOf(resetLink), WEAK_PASSWORD);
    await resetPassword(t.app, tokenOf(resetLink), NEW_PASSWORD);
    await logInAs(t.app, account.email, NEW_PASSWORD);
    // A malformed body that makes the server talk about the request.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"x@example.com","password":"${PASSWORD}"`,
    });
  });
  afterAll(async () => {
    for (const spy of consoleSpies) spy.mockRestore();
    await t.close();
  });

  it('the log captured the whole walk (requests, the Dev Mailbox link, the first admin)', () => {
    expect(lines.filter((l) => l.includes('"url":"/api/auth/sign-in/email"')).length).toBeGreaterThanOrEqual(4);
    expect(lines.some((l) => l.includes('Mail to ') && l.includes('/api/auth/verify-email?token='))).toBe(true);
    expect(lines.some((l) => l.includes('is the first confirmed account and is now the admin'))).toBe(true);
  });

  it('no line contains any password that was typed', () => {
    for (const secret of SECRETS) {
      const hits = lines.filter((l) => l.includes(secret));
      expect(hits, secret).toEqual([]);
    }
  });

  it('no line contains a session cookie', () => {
    expect(lines.filter((l) => /better-auth\.session_token=[^;"\s]/.test(l))).toEqual([]);
  });
});
