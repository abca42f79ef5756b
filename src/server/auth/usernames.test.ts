import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_USERNAME_MISMATCH, USERNAME_INVALID_CHARACTERS, USERNAME_TAKEN, USERNAME_TOO_LONG, USERNAME_TOO_SHORT } from '@core/messages';
import { mailsTo, newAccount, postAuth, signedInPlayer, signUpAs, whoAmI } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { createAuth } from './auth';

const INVALID = { code: 'INVALID_USERNAME', message: USERNAME_INVALID_CHARACTERS };
const MISMATCH = { code: 'INVALID_DISPLAY_USERNAME', message: DISPLAY_USERNAME_MISMATCH };

/** Issue 10 item 2: a username is ASCII letters, digits and _ . -; the name shown is that username in any case. */
describe(`usernames and display names (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const userRow = (email: string) =>
    t.db.handle.db.selectFrom('user').select(['username', 'displayUsername', 'name']).where('email', '=', email).executeTakeFirst();
  const updateUser = (cookie: string, payload: object) => postAuth(t.app, '/update-user', payload, { cookie });

  it('offers no username availability oracle: the endpoint is off (sign-up says "taken" under its own rate limit)', async () => {
    const res = await postAuth(t.app, '/is-username-available', { username: 'anyone' });
    expect(res.statusCode).toBe(404);
  });

  describe('sign-up', () => {
    it.each([
      ['with a space', 'bob smith', INVALID],
      ['with a zero-width space', 'bob\u200b', INVALID],
      ['with a right-to-left override', '\u202eadmin', INVALID],
      ['with a Cyrillic look-alike', '\u0430dmin', INVALID],
      ['with a control character', 'b\u0007b', INVALID],
      // A NUL is refused before Better Auth runs, on every route (http/request-shape.ts).
      ['with a NUL', 'b\u0000b', { error: { code: 'BAD_REQUEST', message: 'The request holds a NUL character, which no field accepts.' } }],
      ['of 31 characters', 'x'.repeat(31), { code: 'USERNAME_TOO_LONG', message: USERNAME_TOO_LONG }],
      ['of 120,000 characters', 'x'.repeat(120_000), { code: 'USERNAME_TOO_LONG', message: USERNAME_TOO_LONG }],
      ['of 2 characters', 'ab', { code: 'USERNAME_TOO_SHORT', message: USERNAME_TOO_SHORT }],
    ])('refuses a username %s with 400, creates no account and sends no mail', async (_label, username, error) => {
      const account = { ...newAccount('refused'), username };
      const res = await signUpAs(t.app, account);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(error);
      expect(await userRow(account.email)).toBeUndefined();
      expect(await mailsTo(t.app, account.email)).toEqual([]);
    });

    it('stores the username lower-cased and shows it as typed; the name follows the display name', async () => {
      const account = { ...newAccount('case'), username: ' Case.Sensitive_1 ' };
      const res = await postAuth(t.app, '/sign-up/email', {
        email: account.email,
        password: account.password,
        name: 'Somebody Else',
        username: account.username,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await userRow(account.email)).toEqual({ username: 'case.sensitive_1', displayUsername: 'Case.Sensitive_1', name: 'Case.Sensitive_1' });
    });

    it('refuses a display name that is not the username, and takes one that differs only in case', async () => {
      const other = { ...newAccount('disp'), username: 'display_one' };
      const refused = await postAuth(t.app, '/sign-up/email', {
        email: other.email,
        password: other.password,
        name: 'x',
        username: 'display_one',
        displayUsername: 'Admin',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(MISMATCH);
      expect(await userRow(other.email)).toBeUndefined();

      const taken = await postAuth(t.app, '/sign-up/email', {
        email: other.email,
        password: other.password,
        name: 'x',
        username: 'display_one',
        displayUsername: 'DISPLAY_One',
      });
      expect(taken.statusCode, taken.body).toBe(200);
      expect(await userRow(other.email)).toEqual({ username: 'display_one', displayUsername: 'DISPLAY_One', name: 'DISPLAY_One' });
    });
  });

  describe('update-user', () => {
    it.each([
      ['another player', (victim: string) => victim],
      ['another player in capitals', (victim: string) => victim.toUpperCase()],
      ['a control character', (_: string, me: string) => `${me}\u0007`],
      ['a right-to-left override', (_: string, me: string) => `\u202e${me}`],
      ['zero-width characters', (_: string, me: string) => `${me}\u200b\u200b`],
      ['a look-alike from another script', (_: string, me: string) => me.replace(/^./, '\u0430')],
      ['255,000 characters', () => 'x'.repeat(255_000)],
      ['a different name', () => 'Somebody'],
    ])('refuses a display name that is %s, and keeps the stored one', async (_label, make) => {
      const victim = await signedInPlayer(t.app, 'victim');
      const me = await signedInPlayer(t.app, 'me');
      const before = await userRow(me.email);
      const res = await updateUser(me.cookie, { displayUsername: make(victim.username, me.username) });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json()).toEqual(MISMATCH);
      expect(await userRow(me.email)).toEqual(before);
      expect((await whoAmI(t.app, me.cookie)).user?.username).toBe(me.username);
    });

    it("refuses a name (Better Auth's own display field) that is not the username", async () => {
      const me = await signedInPlayer(t.app, 'named');
      const before = await userRow(me.email);
      const res = await updateUser(me.cookie, { name: '\u202eSomebody' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(MISMATCH);
      expect(await userRow(me.email)).toEqual(before);
    });

    it('takes a display name that differs from the username only in case', async () => {
      const me = await signedInPlayer(t.app, 'capital');
      const res = await updateUser(me.cookie, { displayUsername: me.username.toUpperCase(), name: me.username.toUpperCase() });
      expect(res.statusCode, res.body).toBe(200);
      expect(await userRow(me.email)).toMatchObject({ displayUsername: me.username.toUpperCase(), name: me.username.toUpperCase() });
      expect((await whoAmI(t.app, me.cookie)).user?.username).toBe(me.username.toUpperCase());
    });

    it('a new username follows the username rules and D6, and the display name and name follow it', async () => {
      const other = await signedInPlayer(t.app, 'owner');
      const me = await signedInPlayer(t.app, 'renamer');
      const before = await userRow(me.email);
      for (const [username, status, error] of [
        [other.username.toUpperCase(), 422, { code: 'USERNAME_IS_ALREADY_TAKEN', message: USERNAME_TAKEN }],
        ['new name', 400, INVALID],
        ['n\u200bew', 400, INVALID],
        ['x'.repeat(31), 400, { code: 'USERNAME_TOO_LONG', message: USERNAME_TOO_LONG }],
        ['ab', 400, { code: 'USERNAME_TOO_SHORT', message: USERNAME_TOO_SHORT }],
      ] as const) {
        const res = await updateUser(me.cookie, { username });
        expect(res.statusCode, username).toBe(status);
        expect(res.json(), username).toEqual(error);
      }
      // A display name must match the new username, not the old one.
      expect((await updateUser(me.cookie, { username: 'Fresh_Name', displayUsername: me.username })).json()).toEqual(MISMATCH);
      expect(await userRow(me.email)).toEqual(before);

      const renamed = await updateUser(me.cookie, { username: 'Fresh_Name' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await userRow(me.email)).toEqual({ username: 'fresh_name', displayUsername: 'Fresh_Name', name: 'Fresh_Name' });
      // Its own username again, in another case, is not "taken".
      expect((await updateUser(me.cookie, { username: 'FRESH_name' })).statusCode).toBe(200);
      expect(await userRow(me.email)).toEqual({ username: 'fresh_name', displayUsername: 'FRESH_name', name: 'FRESH_name' });
    });

    it('refuses a profile picture (the app shows none; it would only be stored and served back)', async () => {
      const me = await signedInPlayer(t.app, 'picture');
      const res = await updateUser(me.cookie, { image: `https://example.com/${'x'.repeat(100_000)}` });
      expect(res.statusCode).toBe(400);
      expect((await t.db.handle.raw.selectFrom('user').select('image').where('email', '=', me.email).executeTakeFirstOrThrow()).image).toBeNull();
    });
  });

  it('below the HTTP routes, Better Auth itself refuses to write a display name or username that breaks the rule', async () => {
    const me = await signedInPlayer(t.app, 'internal');
    const { id } = await t.db.handle.db.selectFrom('user').select('id').where('email', '=', me.email).executeTakeFirstOrThrow();
    const auth = createAuth({ database: t.db.handle, settings: t.settings, secret: 'internal-test-secret-internal-test-secret' });
    const { internalAdapter } = await auth.$context;
    for (const data of [
      { displayUsername: 'Someone' },
      { name: 'x'.repeat(1000) },
      { username: 'b\u202eob' },
      { username: 'other_one', displayUsername: 'me' },
    ]) {
      await expect(internalAdapter.updateUser(id, data), JSON.stringify(data)).rejects.toThrow();
    }
    expect(await userRow(me.email)).toEqual({ username: me.username, displayUsername: me.username, name: me.username });
  });
});
