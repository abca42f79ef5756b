import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_FRESH_MINUTES, EMAIL_UNDO_DAYS } from '@core/account-safety';
import { EMAIL_CHANGED_CALLBACK } from '@core/api/account';
import { ACCOUNT_TEXTS, PASSWORD_MESSAGES, USERNAME_TAKEN, USERNAME_TOO_SHORT } from '@core/messages';
import {
  ageSessions,
  confirmedAccount,
  cookiesOf,
  followLink,
  freshIp,
  latestMail,
  logInAs,
  mailsTo,
  newAccount,
  postAuth,
  signedInPlayer,
  signUpAs,
  tokenOf,
  whoAmI,
  type Account,
} from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertCheckout, insertGame, insertSquares, winnerRow } from '../../../tests/support/fixtures';

const NEW_PASSWORD = 'Otter$Basalt-2290';

/** A call to /api/me/... as the web app makes it (same origin, the session cookie, its own client address). */
function me(app: FastifyInstance, method: 'GET' | 'POST', path: string, cookie: string | undefined, payload?: object) {
  return app.inject({
    method,
    url: `/api/me/${path}`,
    remoteAddress: freshIp(),
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string } }).error;

describe(`the account page (D41, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: Account & { cookie: string };
  const lines: string[] = [];
  const events = () => lines.flatMap((line) => (JSON.parse(line) as { event?: string }).event ?? []);

  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    // The first confirmed account becomes the admin (D8).
    admin = await signedInPlayer(t.app, 'boss');
  });
  afterAll(() => t.close());

  /** A mailed link opened in a browser with this session cookie. */
  const openLink = (link: string, cookie: string) => {
    const url = new URL(link);
    return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: url.host, cookie } });
  };
  const undoWith = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/email-undo',
      remoteAddress: freshIp(),
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
      payload: { token },
    });
  const tokenIn = (link: string) => new URL(link).searchParams.get('token')!;
  const sessionCount = async (userId: string) => (await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;

  const userRow = (email: string) =>
    t.db.handle.db.selectFrom('user').select(['id', 'email', 'username', 'displayUsername', 'deleted_at']).where('email', '=', email).executeTakeFirstOrThrow();

  it('is for signed-in accounts only, and says what the page shows', async () => {
    expect((await me(t.app, 'GET', 'account', undefined)).statusCode).toBe(401);
    expect((await me(t.app, 'POST', 'username', undefined, { username: 'someone' })).statusCode).toBe(401);
    const player = await signedInPlayer(t.app, 'viewer');
    const res = await me(t.app, 'GET', 'account', player.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      username: player.username,
      email: player.email,
      hasPassword: true,
      isAdmin: false,
      deleteBlockers: { lastAdmin: false, checkoutSquares: 0, unpaidSquares: 0, unpaidWinningsCents: 0 },
    });
  });

  it('a request from another site changes nothing (the same-origin check)', async () => {
    const player = await signedInPlayer(t.app, 'origin');
    const before = (await whoAmI(t.app, player.cookie)).user?.username;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/username',
      headers: { host: 'localhost:3000', origin: 'https://evil.example', cookie: player.cookie },
      payload: { username: 'hijacked' },
    });
    expect(res.statusCode).toBe(403);
    expect((await whoAmI(t.app, player.cookie)).user?.username).toBe(before);
  });

  describe('username', () => {
    it('follows the sign-up rules: a bad one is refused with its message, a taken one (in any case) too', async () => {
      const player = await signedInPlayer(t.app, 'renamer');
      const other = await confirmedAccount(t.app, 'taken');
      const short = await me(t.app, 'POST', 'username', player.cookie, { username: 'ab' });
      expect(short.statusCode).toBe(400);
      expect(errorOf(short).message).toBe(USERNAME_TOO_SHORT);
      const bad = await me(t.app, 'POST', 'username', player.cookie, { username: 'no spaces' });
      expect(bad.statusCode).toBe(400);
      const taken = await me(t.app, 'POST', 'username', player.cookie, { username: other.username.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken).message).toBe(USERNAME_TAKEN);
      const same = await me(t.app, 'POST', 'username', player.cookie, { username: player.username });
      expect(errorOf(same).message).toBe(ACCOUNT_TEXTS.usernameSame);
      expect((await userRow(player.email)).username).toBe(player.username.toLowerCase());
    });

    it('a new one is stored normalized (unique in lower case, shown as typed) and the board shows the squares under it', async () => {
      const player = await signedInPlayer(t.app, 'mover');
      const { id } = await userRow(player.email);
      const gameId = await insertGame(t.db.handle);
      await insertSquares(t.db.handle, gameId, [{ x: 1, y: 2, userId: id }]);
      const newName = `  Renamed_${id.slice(0, 6)} `;
      const res = await me(t.app, 'POST', 'username', player.cookie, { username: newName });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ account: { username: newName.trim() }, message: ACCOUNT_TEXTS.usernameSaved });
      const row = await userRow(player.email);
      expect(row).toMatchObject({ username: newName.trim().toLowerCase(), displayUsername: newName.trim() });
      const board = (await t.app.inject({ method: 'GET', url: `/api/games/${gameId}/board` })).json() as { squares: Array<{ owner_username: string | null }> };
      expect(board.squares.map((s) => s.owner_username)).toEqual([newName.trim()]);
      expect(events()).toContain('username-changed');
    });
  });

  describe('e-mail address', () => {
    it('a confirmation link goes to the new address; the address changes only when it is opened, and then logs in', async () => {
      const player = await signedInPlayer(t.app, 'mailer');
      const newEmail = `New.${player.email.toUpperCase()}`;
      const res = await me(t.app, 'POST', 'email', player.cookie, { email: ` ${newEmail} `, currentPassword: player.password });
      expect(res.statusCode, res.body).toBe(200);
      const normalized = newEmail.toLowerCase();
      expect(res.json()).toMatchObject({ account: { email: player.email }, message: ACCOUNT_TEXTS.emailLinkSent(normalized) });
      expect(events()).toContain('email-change-requested');
      // Nothing changed yet.
      expect((await whoAmI(t.app, player.cookie)).user?.email).toBe(player.email);
      const mail = await latestMail(t.app, normalized);
      expect(mail.subject).toBe('Confirm your new Squares Pool e-mail address');
      expect(mail.text).toContain('Hi ');
      expect(mail.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
      expect(new URL(mail.link!).searchParams.get('callbackURL')).toBe(EMAIL_CHANGED_CALLBACK);
      // The old address got no confirmation mail for it.
      expect((await mailsTo(t.app, player.email)).map((m) => m.subject)).not.toContain(mail.subject);

      // Opened in the browser that asked for it: that session stays.
      const opened = await openLink(mail.link!, player.cookie);
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(EMAIL_CHANGED_CALLBACK);
      expect((await whoAmI(t.app, player.cookie)).user?.email).toBe(normalized);
      expect((await logInAs(t.app, normalized, player.password)).statusCode).toBe(200);
      expect((await logInAs(t.app, player.email, player.password)).statusCode).toBe(401);
    });

    it('the same address, an invalid one and one another account has are refused in words', async () => {
      const player = await signedInPlayer(t.app, 'mailer2');
      const other = await confirmedAccount(t.app, 'owner');
      const same = await me(t.app, 'POST', 'email', player.cookie, { email: player.email.toUpperCase(), currentPassword: player.password });
      expect([same.statusCode, errorOf(same).message]).toEqual([400, ACCOUNT_TEXTS.emailSame]);
      const invalid = await me(t.app, 'POST', 'email', player.cookie, { email: 'not-an-address', currentPassword: player.password });
      expect([invalid.statusCode, errorOf(invalid).message]).toEqual([400, 'Please enter a valid email address']);
      const taken = await me(t.app, 'POST', 'email', player.cookie, { email: other.email, currentPassword: player.password });
      expect([taken.statusCode, errorOf(taken).message]).toEqual([409, ACCOUNT_TEXTS.emailTaken]);
    });

    it('a link opened after another account took the address is refused back on /account, and nothing changes', async () => {
      const player = await signedInPlayer(t.app, 'racer');
      const wanted = newAccount('wanted');
      expect((await me(t.app, 'POST', 'email', player.cookie, { email: wanted.email, currentPassword: player.password })).statusCode).toBe(200);
      const link = (await latestMail(t.app, wanted.email)).link!;
      expect((await signUpAs(t.app, wanted)).statusCode).toBe(200);
      const opened = await followLink(t.app, link);
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(`${EMAIL_CHANGED_CALLBACK}&error=EMAIL_TAKEN`);
      expect((await whoAmI(t.app, player.cookie)).user?.email).toBe(player.email);
    });

    it('needs the current password: a missing or wrong one is refused in words, and nothing is mailed', async () => {
      const player = await signedInPlayer(t.app, 'thief');
      const wanted = `stolen.${player.email}`;
      const missing = await me(t.app, 'POST', 'email', player.cookie, { email: wanted });
      expect([missing.statusCode, errorOf(missing).message]).toEqual([400, ACCOUNT_TEXTS.emailPasswordRequired]);
      const wrong = await me(t.app, 'POST', 'email', player.cookie, { email: wanted, currentPassword: 'Wrong#Marmot-4409' });
      expect([wrong.statusCode, errorOf(wrong).message]).toEqual([400, ACCOUNT_TEXTS.currentPasswordWrong]);
      expect(await mailsTo(t.app, wanted)).toEqual([]);
    });

    it('an account without a password changes it only soon after a sign-in; later it is told to sign in again', async () => {
      const email = newAccount('fresh').email;
      await postAuth(t.app, '/sign-in/magic-link', { email, callbackURL: '/welcome', errorCallbackURL: '/login' });
      const cookie = cookiesOf(await followLink(t.app, (await latestMail(t.app, email)).link!));
      const { id } = await userRow(email);
      await ageSessions(t.db, id, EMAIL_CHANGE_FRESH_MINUTES + 1);
      const stale = await me(t.app, 'POST', 'email', cookie, { email: `later.${email}` });
      expect([stale.statusCode, errorOf(stale)]).toEqual([403, { code: 'RECENT_SIGN_IN_REQUIRED', message: ACCOUNT_TEXTS.emailNeedsRecentSignIn }]);
      expect(await mailsTo(t.app, `later.${email}`)).toEqual([]);

      // A new sign-in link to the current address, and the change goes through.
      await postAuth(t.app, '/sign-in/magic-link', { email, callbackURL: '/account', errorCallbackURL: '/login' });
      const fresh = cookiesOf(await followLink(t.app, (await latestMail(t.app, email)).link!));
      const res = await me(t.app, 'POST', 'email', fresh, { email: `later.${email}` });
      expect(res.statusCode, res.body).toBe(200);
    });

    it("when the new address is confirmed, the account's other sessions end; the browser that opened the link stays", async () => {
      const player = await signedInPlayer(t.app, 'devices');
      const { id } = await userRow(player.email);
      const stolen = cookiesOf(await logInAs(t.app, player.email, player.password));
      const newEmail = `moved.${player.email}`;
      expect((await me(t.app, 'POST', 'email', player.cookie, { email: newEmail, currentPassword: player.password })).statusCode).toBe(200);
      expect(await sessionCount(id)).toBe(2);
      expect((await openLink((await latestMail(t.app, newEmail)).link!, player.cookie)).statusCode).toBe(302);
      expect((await whoAmI(t.app, player.cookie)).user?.email).toBe(newEmail);
      expect((await whoAmI(t.app, stolen)).user).toBeNull();
      expect(await sessionCount(id)).toBe(1);
    });

    it('the old address gets a single-use undo link: the address comes back, every session ends, the password goes, and a reset link sets a new one', async () => {
      const player = await signedInPlayer(t.app, 'victim');
      const { id } = await userRow(player.email);
      // Whoever changed the address: a session and the password.
      const attacker = cookiesOf(await logInAs(t.app, player.email, player.password));
      const theirs = `attacker.${player.email}`;
      expect((await me(t.app, 'POST', 'email', attacker, { email: theirs, currentPassword: player.password })).statusCode).toBe(200);
      expect((await openLink((await latestMail(t.app, theirs)).link!, attacker)).statusCode).toBe(302);
      // A reset link to the new address, asked for before the undo.
      await postAuth(t.app, '/request-password-reset', { email: theirs, redirectTo: '/reset-password' });
      const theirReset = (await mailsTo(t.app, theirs)).find((m) => m.subject === 'Reset your Squares Pool password')!.link!;

      const notice = await latestMail(t.app, player.email);
      expect(notice.subject).toBe('Your Squares Pool e-mail address was changed');
      expect(notice.text).not.toContain('reset your password');
      expect(notice.link).toMatch(/^http:\/\/localhost:3000\/email-undo\?token=/);
      const token = tokenIn(notice.link!);
      // Only its hash is stored.
      const stored = await t.db.handle.db
        .selectFrom('email_change_undo')
        .select(['token_hash', 'expires_at'])
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(token.split('.')[1]);
      expect(new Date(stored.expires_at).getTime() - Date.now()).toBeGreaterThan((EMAIL_UNDO_DAYS - 1) * 24 * 3_600_000);

      const res = await undoWith(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_TEXTS.undoDone(player.email) });
      expect(events()).toContain('email-change-undone');
      expect(await userRow(player.email)).toMatchObject({ id });
      expect(await sessionCount(id)).toBe(0);
      expect((await whoAmI(t.app, attacker)).user).toBeNull();
      // The password they know works nowhere; their reset link is void.
      expect((await logInAs(t.app, player.email, player.password)).statusCode).toBe(401);
      expect((await logInAs(t.app, theirs, player.password)).statusCode).toBe(401);
      expect((await postAuth(t.app, '/reset-password', { token: tokenOf(theirReset), newPassword: 'Theirs#Again-5501' })).statusCode).toBe(400);

      // The owner's reset link (to the restored address) sets a new password.
      const reset = await latestMail(t.app, player.email);
      expect(reset.subject).toBe('Reset your Squares Pool password');
      expect((await postAuth(t.app, '/reset-password', { token: tokenOf(reset.link!), newPassword: NEW_PASSWORD })).statusCode).toBe(200);
      expect((await logInAs(t.app, player.email, NEW_PASSWORD)).statusCode).toBe(200);

      // Single use.
      const again = await undoWith(token);
      expect([again.statusCode, errorOf(again).message]).toEqual([409, ACCOUNT_TEXTS.undoUsed]);
    });

    it('an undo link cut short, changed or expired is refused in words; a change link made before the undo is void', async () => {
      const player = await signedInPlayer(t.app, 'undoer');
      const { id } = await userRow(player.email);
      const first = `first.${player.email}`;
      expect((await me(t.app, 'POST', 'email', player.cookie, { email: first, currentPassword: player.password })).statusCode).toBe(200);
      // A second change asked for at once (its link is not opened yet).
      const second = `second.${player.email}`;
      expect((await me(t.app, 'POST', 'email', player.cookie, { email: second, currentPassword: player.password })).statusCode).toBe(200);
      const secondLink = (await latestMail(t.app, second)).link!;
      expect((await openLink((await latestMail(t.app, first)).link!, player.cookie)).statusCode).toBe(302);
      const token = tokenIn((await latestMail(t.app, player.email)).link!);

      for (const bad of ['', 'nonsense', `${token}x`, `${token.slice(0, -2)}AA`, token.split('.')[0]!]) {
        const res = await undoWith(bad);
        expect([res.statusCode, errorOf(res).message], bad).toEqual([400, ACCOUNT_TEXTS.undoInvalid]);
      }
      await t.db.handle.db
        .updateTable('email_change_undo')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', id)
        .execute();
      const expired = await undoWith(token);
      expect([expired.statusCode, errorOf(expired).message]).toEqual([410, ACCOUNT_TEXTS.undoExpired]);
      expect((await whoAmI(t.app, player.cookie)).user?.email).toBe(first);

      await t.db.handle.db
        .updateTable('email_change_undo')
        .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
        .where('user_id', '=', id)
        .execute();
      expect((await undoWith(token)).statusCode).toBe(200);
      // The second change's link names the old address, which is the account's again: it is void all the same.
      const opened = await followLink(t.app, secondLink);
      expect(opened.headers.location).toBe(`${EMAIL_CHANGED_CALLBACK}&error=INVALID_TOKEN`);
      expect((await userRow(player.email)).id).toBe(id);
    });

    it("Better Auth's own change-email door is closed: only /api/me/email changes an address", async () => {
      const player = await signedInPlayer(t.app, 'door');
      const res = await postAuth(t.app, '/change-email', { newEmail: 'door@example.org' }, { cookie: player.cookie });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('password', () => {
    it('is changed with the current password; a wrong or missing one is refused; other sessions end', async () => {
      const player = await signedInPlayer(t.app, 'changer');
      const otherDevice = cookiesOf(await logInAs(t.app, player.email, player.password));
      const missing = await me(t.app, 'POST', 'password', player.cookie, { newPassword: NEW_PASSWORD });
      expect([missing.statusCode, errorOf(missing).message]).toEqual([400, ACCOUNT_TEXTS.currentPasswordRequired]);
      const wrong = await me(t.app, 'POST', 'password', player.cookie, { currentPassword: 'Wrong#Marmot-4409', newPassword: NEW_PASSWORD });
      expect([wrong.statusCode, errorOf(wrong).message]).toEqual([400, ACCOUNT_TEXTS.currentPasswordWrong]);
      const weak = await me(t.app, 'POST', 'password', player.cookie, { currentPassword: player.password, newPassword: 'weakpassword' });
      expect([weak.statusCode, errorOf(weak).message]).toEqual([400, PASSWORD_MESSAGES.noUppercase]);

      const res = await me(t.app, 'POST', 'password', player.cookie, { currentPassword: player.password, newPassword: NEW_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: ACCOUNT_TEXTS.passwordChanged });
      expect(events()).toContain('password-changed');
      // This browser gets a new session; the other device is signed out.
      const renewed = cookiesOf(res);
      expect(renewed).toContain('better-auth.session_token=');
      expect((await me(t.app, 'GET', 'account', renewed)).statusCode).toBe(200);
      expect((await me(t.app, 'GET', 'account', otherDevice)).statusCode).toBe(401);
      expect((await logInAs(t.app, player.email, player.password)).statusCode).toBe(401);
      expect((await logInAs(t.app, player.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('an account made by a sign-in link sets its first password without a current one, then logs in with it', async () => {
      const email = newAccount('linked').email;
      const ask = await postAuth(t.app, '/sign-in/magic-link', { email, callbackURL: '/welcome', errorCallbackURL: '/login' });
      expect(ask.statusCode).toBe(200);
      const cookie = cookiesOf(await followLink(t.app, (await latestMail(t.app, email)).link!));
      const before = (await me(t.app, 'GET', 'account', cookie)).json() as { hasPassword: boolean; username: string | null };
      expect(before).toMatchObject({ hasPassword: false, username: null });
      expect((await logInAs(t.app, email, NEW_PASSWORD)).statusCode).toBe(401);

      const res = await me(t.app, 'POST', 'password', cookie, { newPassword: NEW_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ account: { hasPassword: true }, message: ACCOUNT_TEXTS.passwordSet });
      expect(events()).toContain('password-set');
      expect((await logInAs(t.app, email, NEW_PASSWORD)).statusCode).toBe(200);
      // Now it has one: the next change needs it.
      const again = await me(t.app, 'POST', 'password', cookie, { newPassword: 'Another#Pass-1' });
      expect([again.statusCode, errorOf(again).message]).toEqual([400, ACCOUNT_TEXTS.currentPasswordRequired]);
    });
  });

  describe('deleting the account', () => {
    it('asks for the username and the password; then the squares stay under the username, the address and sessions are gone', async () => {
      const player = await signedInPlayer(t.app, 'leaver');
      const secondDevice = cookiesOf(await logInAs(t.app, player.email, player.password));
      const { id } = await userRow(player.email);
      const gameId = await insertGame(t.db.handle);
      await insertSquares(t.db.handle, gameId, [
        { x: 0, y: 0, userId: id },
        { x: 3, y: 4, userId: id },
      ]);

      const wrongName = await me(t.app, 'POST', 'delete', player.cookie, { confirm: 'someone-else', password: player.password });
      expect([wrongName.statusCode, errorOf(wrongName).message]).toEqual([400, ACCOUNT_TEXTS.deleteConfirmWrong]);
      const noPassword = await me(t.app, 'POST', 'delete', player.cookie, { confirm: player.username });
      expect([noPassword.statusCode, errorOf(noPassword).message]).toEqual([400, ACCOUNT_TEXTS.deletePasswordRequired]);
      const wrongPassword = await me(t.app, 'POST', 'delete', player.cookie, { confirm: player.username, password: 'Wrong#Marmot-4409' });
      expect([wrongPassword.statusCode, errorOf(wrongPassword).message]).toEqual([400, ACCOUNT_TEXTS.currentPasswordWrong]);
      expect((await userRow(player.email)).deleted_at).toBeNull();

      const res = await me(t.app, 'POST', 'delete', player.cookie, { confirm: player.username.toUpperCase(), password: player.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_TEXTS.deleted });
      // The browser's session cookie is cleared.
      expect(String(res.headers['set-cookie'])).toMatch(/better-auth\.session_token=;/);
      expect(events()).toContain('account-deleted');

      const row = await t.db.handle.db
        .selectFrom('user')
        .select(['email', 'username', 'deleted_at', 'emailVerified', 'isAdmin'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(`${id}@deleted.invalid`);
      expect(row).toMatchObject({ username: player.username.toLowerCase(), emailVerified: false, isAdmin: false });
      expect(row.deleted_at).not.toBeNull();
      const left = async (table: 'session' | 'account') => (await t.db.handle.db.selectFrom(table).select('id').where('userId', '=', id).execute()).length;
      expect([await left('session'), await left('account')]).toEqual([0, 0]);
      const mails = await t.db.handle.db.selectFrom('mail_queue').select('id').where('recipient', '=', player.email).execute();
      expect(mails).toEqual([]);

      // Squares stay on the board under the username; nobody sees the address (admins neither).
      const board = (await t.app.inject({ method: 'GET', url: `/api/games/${gameId}/board`, headers: { cookie: admin.cookie } })).json() as {
        squares: Array<{ owner_username: string | null; owner_email: string | null }>;
      };
      expect(board.squares).toHaveLength(2);
      expect(board.squares.every((s) => s.owner_username === player.username && s.owner_email === null)).toBe(true);

      // Signed out everywhere, and nobody logs in to it again.
      expect((await whoAmI(t.app, player.cookie)).user).toBeNull();
      expect((await me(t.app, 'GET', 'account', secondDevice)).statusCode).toBe(401);
      expect((await logInAs(t.app, player.email, player.password)).statusCode).toBe(401);
      // The username stays reserved, so the board's name cannot pass to someone else.
      const again = await signUpAs(t.app, { ...newAccount('again'), username: player.username });
      expect(again.statusCode).toBe(422);
    });

    it('an account made by a sign-in link (no password, no username yet) confirms with its e-mail address', async () => {
      const email = newAccount('nolink').email;
      await postAuth(t.app, '/sign-in/magic-link', { email, callbackURL: '/welcome', errorCallbackURL: '/login' });
      const cookie = cookiesOf(await followLink(t.app, (await latestMail(t.app, email)).link!));
      const wrong = await me(t.app, 'POST', 'delete', cookie, { confirm: 'whatever' });
      expect([wrong.statusCode, errorOf(wrong).message]).toEqual([400, ACCOUNT_TEXTS.deleteConfirmWrongEmail]);
      const res = await me(t.app, 'POST', 'delete', cookie, { confirm: email });
      expect(res.statusCode, res.body).toBe(200);
      expect((await whoAmI(t.app, cookie)).user).toBeNull();
    });

    it('is refused while money is outstanding: an open card payment, unpaid reserved squares, winnings not paid out', async () => {
      const player = await signedInPlayer(t.app, 'owing');
      const { id } = await userRow(player.email);
      const gameId = await insertGame(t.db.handle);
      const del = () => me(t.app, 'POST', 'delete', player.cookie, { confirm: player.username, password: player.password });

      const checkoutId = await insertCheckout(t.db.handle, { userId: id });
      const [held] = await insertSquares(t.db.handle, gameId, [{ x: 5, y: 5, userId: id, status: 'held', checkoutId }]);
      let res = await del();
      expect([res.statusCode, errorOf(res).message]).toEqual([409, ACCOUNT_TEXTS.checkoutOpen(1)]);
      await t.db.handle.db.deleteFrom('squares').where('id', '=', held!).execute();

      const unpaid = await insertSquares(t.db.handle, gameId, [
        { x: 6, y: 6, userId: id },
        { x: 7, y: 7, userId: id },
      ]);
      await t.db.handle.db.updateTable('squares').set({ is_paid: false }).where('id', 'in', unpaid).execute();
      expect(((await me(t.app, 'GET', 'account', player.cookie)).json() as { deleteBlockers: object }).deleteBlockers).toMatchObject({ unpaidSquares: 2 });
      res = await del();
      expect([res.statusCode, errorOf(res).message]).toEqual([409, ACCOUNT_TEXTS.unpaidSquares(2)]);
      await t.db.handle.db.updateTable('squares').set({ is_paid: true }).where('id', 'in', unpaid).execute();

      await t.db.handle.db
        .insertInto('game_winners')
        .values(winnerRow(gameId, { period: 1, square: { x: 6, y: 6, id: unpaid[0]!, userId: id }, digits: [6, 6], payoutCents: 2500 }))
        .execute();
      res = await del();
      expect([res.statusCode, errorOf(res).message]).toEqual([409, ACCOUNT_TEXTS.unpaidWinnings('$25.00')]);
      await t.db.handle.db.updateTable('game_winners').set({ payout_status: 'paid' }).where('user_id', '=', id).execute();

      expect((await userRow(player.email)).deleted_at).toBeNull();
      res = await del();
      expect(res.statusCode, res.body).toBe(200);
    });

    it('the only admin is refused with a clear message; with a second admin it goes through', async () => {
      const res = await me(t.app, 'POST', 'delete', admin.cookie, { confirm: admin.username, password: admin.password });
      expect([res.statusCode, errorOf(res).message]).toEqual([409, ACCOUNT_TEXTS.lastAdmin]);
      expect(((await me(t.app, 'GET', 'account', admin.cookie)).json() as { deleteBlockers: object }).deleteBlockers).toMatchObject({ lastAdmin: true });
      const second = await signedInPlayer(t.app, 'second');
      await t.db.handle.db.updateTable('user').set({ isAdmin: true }).where('email', '=', second.email).execute();
      const done = await me(t.app, 'POST', 'delete', admin.cookie, { confirm: admin.username, password: admin.password });
      expect(done.statusCode, done.body).toBe(200);
      // Now the second is the only one left.
      const refused = await me(t.app, 'POST', 'delete', second.cookie, { confirm: second.username, password: second.password });
      expect(refused.statusCode).toBe(409);
    });
  });

  it('an e-mail change counts in the same password-check budget', async () => {
    const player = await signedInPlayer(t.app, 'mailguess');
    const statuses: number[] = [];
    // Five wrong guesses here (the address change's own limit is 5 mails per 15 minutes), five on the password form.
    for (let i = 0; i < 5; i++) {
      statuses.push((await me(t.app, 'POST', 'email', player.cookie, { email: `g${i}.${player.email}`, currentPassword: `Wrong#Guess-${i}` })).statusCode);
    }
    for (let i = 5; i < 11; i++) {
      statuses.push((await me(t.app, 'POST', 'password', player.cookie, { currentPassword: `Wrong#Guess-${i}`, newPassword: NEW_PASSWORD })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });

  it('password checks on the account page share the password-check budget (10 per 5 minutes per account)', async () => {
    const player = await signedInPlayer(t.app, 'guesser');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await me(t.app, 'POST', 'password', player.cookie, { currentPassword: `Wrong#Guess-${i}`, newPassword: NEW_PASSWORD })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const del = await me(t.app, 'POST', 'delete', player.cookie, { confirm: player.username, password: player.password });
    expect(del.statusCode).toBe(429);
  });
});
