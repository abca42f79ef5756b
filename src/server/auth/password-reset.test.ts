import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@core/messages';
import {
  confirmedAccount,
  hrefsOf,
  logInAs,
  mailsTo,
  postAuth,
  requestPasswordReset,
  resetPassword,
  sessionOf,
  signedInPlayer,
  tokenOf,
  whoAmI,
} from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

const NEW_PASSWORD = 'Fresh#Start42';
/** Better Auth's answer to every reset request, known address or not. */
const RESET_REQUESTED = { status: true, message: 'If this email exists in our system, check your email for the reset link' };
const RESET_LINK = /^http:\/\/localhost:3000\/reset-password\?token=[\w-]+$/;

describe(`password reset by e-mail (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Requests a reset for the account and returns the mailed link. */
  async function resetLinkFor(email: string): Promise<string> {
    const res = await requestPasswordReset(t.app, email);
    expect(res.statusCode).toBe(200);
    const mail = (await mailsTo(t.app, email)).find((m) => m.subject === 'Reset your Squares Pool password');
    if (!mail?.link) throw new Error(`no reset mail to ${email}`);
    return mail.link;
  }

  it('answers a known and an unknown address the same; only the known one gets a mail', async () => {
    const account = await confirmedAccount(t.app, 'known');
    const known = await requestPasswordReset(t.app, account.email);
    const unknown = await requestPasswordReset(t.app, 'no-such-account@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(known.json()).toEqual(RESET_REQUESTED);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['set-cookie']).toEqual(known.headers['set-cookie']);

    expect(await mailsTo(t.app, 'no-such-account@example.com')).toEqual([]);
    const [mail] = (await mailsTo(t.app, account.email)).filter((m) => m.subject === 'Reset your Squares Pool password');
    expect(mail).toBeDefined();
    expect(mail!.link).toMatch(RESET_LINK);
    expect(mail!.text).toContain(`Reset your password: ${mail!.link}\n`);
    expect(hrefsOf(mail!.html)).toEqual([mail!.link, mail!.link]);
  });

  it('trims and lower-cases the address of a reset request', async () => {
    const account = await confirmedAccount(t.app, 'resetcase');
    expect((await requestPasswordReset(t.app, `  ${account.email.toUpperCase()} `)).statusCode).toBe(200);
    expect((await mailsTo(t.app, account.email)).map((m) => m.subject)).toContain('Reset your Squares Pool password');
  });

  it('mails a link to our own /reset-password even when the request names another redirect', async () => {
    const account = await confirmedAccount(t.app, 'redirect');
    await postAuth(t.app, '/request-password-reset', { email: account.email, redirectTo: 'http://evil.example/steal' });
    for (const mail of await mailsTo(t.app, account.email)) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
    }
  });

  it('the link works once: the new password logs in, the old one no longer does, a second use fails', async () => {
    const account = await confirmedAccount(t.app, 'once');
    const token = tokenOf(await resetLinkFor(account.email));

    const first = await resetPassword(t.app, token, NEW_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true });

    expect((await logInAs(t.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await logInAs(t.app, account.email, account.password);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });

    const second = await resetPassword(t.app, token, 'Another#Try77');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await logInAs(t.app, account.email, 'Another#Try77')).statusCode).toBe(401);
    expect((await logInAs(t.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('the reset link expires within an hour', async () => {
    const account = await confirmedAccount(t.app, 'expiring');
    const requestedAt = Date.now();
    const token = tokenOf(await resetLinkFor(account.email));
    const row = await t.db.handle.raw
      .selectFrom('verification')
      .select(['id', 'expiresAt'])
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirstOrThrow();
    const expiresAt = new Date(row.expiresAt as string | Date).getTime();
    expect(expiresAt - requestedAt).toBeGreaterThan(59 * 60_000);
    expect(expiresAt - requestedAt).toBeLessThanOrEqual(60 * 60_000 + 5_000);

    // An hour later (the row's expiry moved into the past) the link no longer works.
    const past = new Date(requestedAt - 1_000);
    const stored = row.expiresAt instanceof Date ? past : typeof row.expiresAt === 'number' ? past.getTime() : past.toISOString();
    await t.db.handle.raw.updateTable('verification').set({ expiresAt: stored }).where('id', '=', row.id).execute();
    const res = await resetPassword(t.app, token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await logInAs(t.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await resetPassword(t.app, 'not-a-real-token', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a weak new password with the rule message, and the link still works afterwards', async () => {
    const account = await confirmedAccount(t.app, 'weakreset');
    const token = tokenOf(await resetLinkFor(account.email));
    for (const [password, message] of [
      ['Sh0rt!', PASSWORD_MESSAGES.tooShort],
      ['nouppercase1!', PASSWORD_MESSAGES.noUppercase],
      ['NOLOWERCASE1!', PASSWORD_MESSAGES.noLowercase],
      ['NoNumbers!!', PASSWORD_MESSAGES.noNumber],
      ['NoSpecial123', PASSWORD_MESSAGES.noSpecialCharacter],
    ] as const) {
      const res = await resetPassword(t.app, token, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ code: 'WEAK_PASSWORD', message });
    }
    expect((await logInAs(t.app, account.email, account.password)).statusCode).toBe(200);
    expect((await resetPassword(t.app, token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("ends the account's other sessions: cookies from before the reset are refused", async () => {
    const player = await signedInPlayer(t.app, 'sessions');
    const secondDevice = await sessionOf(t.app, player);
    const bystander = await signedInPlayer(t.app, 'bystander');
    expect((await whoAmI(t.app, player.cookie)).user?.email).toBe(player.email);
    expect((await whoAmI(t.app, secondDevice)).user?.email).toBe(player.email);

    const token = tokenOf(await resetLinkFor(player.email));
    expect((await resetPassword(t.app, token, NEW_PASSWORD)).statusCode).toBe(200);

    expect(await whoAmI(t.app, player.cookie)).toEqual({ user: null, isAdmin: false });
    expect(await whoAmI(t.app, secondDevice)).toEqual({ user: null, isAdmin: false });
    // Someone else's session is not touched.
    expect((await whoAmI(t.app, bystander.cookie)).user?.email).toBe(bystander.email);
  });
});

describe(`one password policy everywhere a password is set (D7, ${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('changing the password while signed in refuses a weak one with the rule message', async () => {
    const player = await signedInPlayer(t.app, 'change');
    const res = await postAuth(t.app, '/change-password', { currentPassword: player.password, newPassword: 'password1' }, { cookie: player.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: PASSWORD_MESSAGES.noUppercase });
    expect((await logInAs(t.app, player.email, 'password1')).statusCode).toBe(401);
  });

  it('changing the password while signed in accepts a strong one', async () => {
    const player = await signedInPlayer(t.app, 'changeok');
    const res = await postAuth(t.app, '/change-password', { currentPassword: player.password, newPassword: NEW_PASSWORD }, { cookie: player.cookie });
    expect(res.statusCode).toBe(200);
    expect((await logInAs(t.app, player.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
