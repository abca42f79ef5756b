import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, SIGNUP_ERRORS, USERNAME_TAKEN, USERNAME_TOO_SHORT } from '@core/messages';
import {
  adminFlags,
  confirmedAccount,
  cookiesOf,
  followLink,
  getAs,
  GOOD_PASSWORD,
  hrefsOf,
  latestMail,
  logInAs,
  mailsTo,
  newAccount,
  parseSetCookie,
  setCookieLines,
  signOut,
  signUpAs,
  whoAmI,
} from '../../../tests/support/accounts';
import { createTestApp, guardedRoutes, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { TEST_PASSWORD_HASHING } from '../../../tests/support/password-hashing';

const VERIFY_LINK = /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Flogin%3Fconfirmed%3D1$/;

describe(`sign-up, e-mail confirmation, login and logout (Dev Mailbox path, ${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ routes: guardedRoutes });
  });
  afterAll(() => t.close());

  it('walks a new account from sign-up to sign-out, and the old cookie is refused afterwards', async () => {
    const account = newAccount('walk');

    const signUp = await signUpAs(t.app, account);
    expect(signUp.statusCode).toBe(200);
    // No session before the e-mail is confirmed (autoSignIn off).
    expect(setCookieLines(signUp).filter((line) => line.includes('session_token='))).toEqual([]);
    expect(signUp.json()).toMatchObject({ token: null, user: { email: account.email, username: account.username, emailVerified: false } });

    // The confirmation mail: subject, and one link, the same in the text and the HTML part.
    const mails = await mailsTo(t.app, account.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Confirm your Squares Pool account');
    expect(mail.link).toMatch(VERIFY_LINK);
    expect(mail.text).toContain(`Confirm your e-mail: ${mail.link}\n`);
    expect(mail.text).toContain(`Hi ${account.username},`);
    expect(hrefsOf(mail.html)).toEqual([mail.link, mail.link]);
    expect(mail.html).toContain('<title>Confirm your e-mail</title>');

    // Logging in before confirming is refused.
    const early = await logInAs(t.app, account.email, account.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    // The link confirms and leads to /login with the D6 message flag.
    const confirm = await followLink(t.app, mail.link!);
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/login?confirmed=1');

    // Login: an httpOnly, SameSite=Lax session cookie, not Secure on plain http.
    const login = await logInAs(t.app, account.email, account.password);
    expect(login.statusCode).toBe(200);
    const sessionLine = setCookieLines(login).find((line) => line.startsWith('better-auth.session_token='));
    expect(sessionLine).toBeDefined();
    const session = parseSetCookie(sessionLine!);
    expect(session.attributes.httponly).toBe(true);
    expect(session.attributes.samesite).toBe('Lax');
    expect(session.attributes.path).toBe('/');
    expect(session.attributes.secure).toBeUndefined();
    expect(session.value.length).toBeGreaterThan(20);
    const cookie = cookiesOf(login);

    // The session: /api/me names the user (the first confirmed account is the admin, D8).
    const meRes = await getAs(t.app, '/api/me', { cookie });
    expect(meRes.statusCode).toBe(200);
    expect(meRes.headers['cache-control']).toBe('no-store');
    const me = meRes.json();
    expect(me).toEqual({ user: { id: expect.any(String), email: account.email, username: account.username }, isAdmin: true });
    expect((await getAs(t.app, '/api/test/user', { cookie })).statusCode).toBe(200);
    expect((await getAs(t.app, '/api/test/admin', { cookie })).statusCode).toBe(200);

    // Sign-out ends the session and clears the cookie.
    const out = await signOut(t.app, cookie);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const cleared = setCookieLines(out)
      .map(parseSetCookie)
      .find((c) => c.name === 'better-auth.session_token');
    expect(cleared).toMatchObject({ value: '', attributes: { 'max-age': '0' } });

    // The old cookie, replayed, is refused everywhere.
    expect(await whoAmI(t.app, cookie)).toEqual({ user: null, isAdmin: false });
    const admin = await getAs(t.app, '/api/test/admin', { cookie });
    expect(admin.statusCode).toBe(401);
    expect(admin.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } });
    expect((await getAs(t.app, '/api/test/user', { cookie })).statusCode).toBe(401);
  });

  it('the confirmation link expires within an hour', async () => {
    const account = newAccount('expiry');
    await signUpAs(t.app, account);
    const token = new URL((await latestMail(t.app, account.email)).link!).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { email: string; iat: number; exp: number };
    expect(claims.email).toBe(account.email);
    expect(claims.exp - claims.iat).toBe(60 * 60);
  });

  it('GET /api/me answers a visitor with no user', async () => {
    expect(await whoAmI(t.app)).toEqual({ user: null, isAdmin: false });
    expect(await whoAmI(t.app, 'better-auth.session_token=forged.value')).toEqual({ user: null, isAdmin: false });
  });

  it('a mangled confirmation link does not confirm, and says so in the redirect', async () => {
    const account = newAccount('mangled');
    await signUpAs(t.app, account);
    const link = new URL((await latestMail(t.app, account.email)).link!);
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const res = await followLink(t.app, link.toString());
    expect(res.statusCode).toBe(302);
    // The login page must read `error` before showing "Email confirmed" (see the report).
    expect(new URL(res.headers.location!, 'http://x').searchParams.get('error')).toBe('INVALID_TOKEN');
    const login = await logInAs(t.app, account.email, account.password);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });
});

describe(`mail links follow the host the app is opened as (D5, ${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  for (const host of ['127.0.0.1:3000', 'localhost:3000']) {
    it(`opened as http://${host}: the confirmation link is on http://${host} and works there`, async () => {
      const account = newAccount('host');
      const res = await signUpAs(t.app, account, { host, origin: `http://${host}` });
      expect(res.statusCode).toBe(200);
      const mail = await latestMail(t.app, account.email);
      expect(mail.link!.startsWith(`http://${host}/api/auth/verify-email?token=`)).toBe(true);
      expect(mail.text).toContain(mail.link!);
      expect(hrefsOf(mail.html)).toContain(mail.link);
      const confirm = await followLink(t.app, mail.link!);
      expect(confirm.statusCode).toBe(302);
      expect(confirm.headers.location).toBe('/login?confirmed=1');
      expect((await logInAs(t.app, account.email, account.password, { host })).statusCode).toBe(200);
    });
  }
});

describe(`with PUBLIC_URL, links and cookies follow it (${testDbKind})`, () => {
  it('https PUBLIC_URL: links on it whatever the Host, and the session cookie is Secure', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://squares.example.com' } });
    try {
      const visit = { host: 'squares.example.com', origin: 'https://squares.example.com' };
      const account = newAccount('public');
      expect((await signUpAs(t.app, account, visit)).statusCode).toBe(200);
      const mail = await latestMail(t.app, account.email);
      expect(mail.link!.startsWith('https://squares.example.com/api/auth/verify-email?token=')).toBe(true);
      expect(hrefsOf(mail.html)).toEqual([mail.link, mail.link]);
      expect((await followLink(t.app, mail.link!)).headers.location).toBe('/login?confirmed=1');

      const login = await logInAs(t.app, account.email, account.password, visit);
      expect(login.statusCode).toBe(200);
      const session = setCookieLines(login)
        .map(parseSetCookie)
        .find((c) => c.name.endsWith('better-auth.session_token'));
      expect(session?.name).toBe('__Secure-better-auth.session_token');
      expect(session?.attributes).toMatchObject({ httponly: true, secure: true, samesite: 'Lax' });

      // A request that reached the app under another Host still mails PUBLIC_URL links.
      const other = newAccount('otherhost');
      expect((await signUpAs(t.app, other, { host: '127.0.0.1:3000', origin: 'https://squares.example.com' })).statusCode).toBe(200);
      expect((await latestMail(t.app, other.email)).link!.startsWith('https://squares.example.com/api/auth/verify-email?token=')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('http PUBLIC_URL: links on it, the cookie is not Secure', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'http://pool.lan:8080' } });
    try {
      const account = newAccount('httppublic');
      expect((await signUpAs(t.app, account, { host: 'pool.lan:8080' })).statusCode).toBe(200);
      const mail = await latestMail(t.app, account.email);
      expect(mail.link!.startsWith('http://pool.lan:8080/api/auth/verify-email?token=')).toBe(true);
      await followLink(t.app, mail.link!);
      const login = await logInAs(t.app, account.email, account.password, { host: 'pool.lan:8080' });
      const session = setCookieLines(login)
        .map(parseSetCookie)
        .find((c) => c.name === 'better-auth.session_token');
      expect(session?.attributes.secure).toBeUndefined();
      expect(session?.attributes.httponly).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe(`login rules (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a login before the e-mail is confirmed with 403 EMAIL_NOT_VERIFIED', async () => {
    const account = newAccount('unconfirmed');
    await signUpAs(t.app, account);
    const res = await logInAs(t.app, account.email, account.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(setCookieLines(res).filter((line) => line.includes('session_token=') && !line.includes('Max-Age=0'))).toEqual([]);
  });

  it('answers a wrong password and an unknown e-mail alike: 401 INVALID_EMAIL_OR_PASSWORD', async () => {
    const account = await confirmedAccount(t.app, 'wrongpw');
    const wrong = await logInAs(t.app, account.email, 'Wrong#Pass123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    const unknown = await logInAs(t.app, 'nobody-here@example.com', 'Wrong#Pass123');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(setCookieLines(wrong).filter((line) => line.includes('session_token=') && !line.includes('Max-Age=0'))).toEqual([]);
  });

  it('trims and lower-cases e-mails before every auth call', async () => {
    const account = { email: '  Mixed@Example.COM ', username: 'MixedCase', password: GOOD_PASSWORD };
    const res = await signUpAs(t.app, account);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('mixed@example.com');
    const mail = await latestMail(t.app, 'mixed@example.com');
    expect((await followLink(t.app, mail.link!)).statusCode).toBe(302);

    const login = await logInAs(t.app, 'mixed@example.com', GOOD_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect((await whoAmI(t.app, cookiesOf(login))).user).toMatchObject({ email: 'mixed@example.com', username: 'MixedCase' });
    expect((await logInAs(t.app, ' MIXED@example.com  ', GOOD_PASSWORD)).statusCode).toBe(200);
    expect(Object.keys(await adminFlags(t.db))).toContain('mixed@example.com');
  });
});

describe(`sign-up errors (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('an e-mail that already has an account: 422 USER_ALREADY_EXISTS with the spec text, whatever its case', async () => {
    const first = newAccount('dup');
    expect((await signUpAs(t.app, first)).statusCode).toBe(200);
    for (const email of [first.email, `  ${first.email.toUpperCase()} `]) {
      const res = await signUpAs(t.app, { ...newAccount('dup'), email });
      expect(res.statusCode, email).toBe(422);
      expect(res.json(), email).toEqual({ code: 'USER_ALREADY_EXISTS', message: SIGNUP_ERRORS.alreadyRegistered });
    }
    expect(await mailsTo(t.app, first.email)).toHaveLength(1);
  });

  it('a username that is taken, in any case: 422 USERNAME_IS_ALREADY_TAKEN "This username is already taken."', async () => {
    const first = newAccount('taken');
    expect((await signUpAs(t.app, first)).statusCode).toBe(200);
    for (const username of [first.username, first.username.toUpperCase(), ` ${first.username} `]) {
      const second = { ...newAccount('other'), username };
      const res = await signUpAs(t.app, second);
      expect(res.statusCode, username).toBe(422);
      expect(res.json(), username).toEqual({ code: 'USERNAME_IS_ALREADY_TAKEN', message: USERNAME_TAKEN });
      expect(await mailsTo(t.app, second.email)).toEqual([]);
    }
  });

  it.each([
    ['Sh0rt!', PASSWORD_MESSAGES.tooShort],
    ['', PASSWORD_MESSAGES.tooShort],
    ['lowercase1!', PASSWORD_MESSAGES.noUppercase],
    ['UPPERCASE1!', PASSWORD_MESSAGES.noLowercase],
    ['NoDigitsHere!', PASSWORD_MESSAGES.noNumber],
    ['NoSpecial123', PASSWORD_MESSAGES.noSpecialCharacter],
    // Only the characters !@#$%^&*(),.?":{}|<> count as special (D7).
    ['Underscore_123', PASSWORD_MESSAGES.noSpecialCharacter],
    ['Tilde~Pass123', PASSWORD_MESSAGES.noSpecialCharacter],
  ])('a weak password %j: 400 WEAK_PASSWORD "%s", and no account', async (password, message) => {
    const account = { ...newAccount('weak'), password };
    const res = await signUpAs(t.app, account);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message });
    expect(Object.keys(await adminFlags(t.db))).not.toContain(account.email);
  });

  it.each([[12345678], [null], [{ length: 12 }], [['Aa1!aaaa']]])('a password that is not text (%j): 400 WEAK_PASSWORD, never a 500', async (password) => {
    const res = await signUpAs(t.app, { ...newAccount('typed'), password } as unknown as Parameters<typeof signUpAs>[1]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: PASSWORD_MESSAGES.tooShort });
  });

  it('accepts a password that meets every rule', async () => {
    for (const password of ['Aa1!aaaa', 'Grid|Square7', 'Quote"Mark9x']) {
      const res = await signUpAs(t.app, { ...newAccount('strong'), password });
      expect(res.statusCode, password).toBe(200);
    }
  });

  it.each([['ab'], ['  ab  '], ['']])('a username %j shorter than 3 characters: 400 with the spec text', async (username) => {
    const res = await signUpAs(t.app, { ...newAccount('short'), username });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'USERNAME_TOO_SHORT', message: USERNAME_TOO_SHORT });
  });
});

describe(`ALLOW_SIGNUP=false (${testDbKind})`, () => {
  it('refuses sign-up with 403 SIGNUP_DISABLED and the spec text, and sends no mail', async () => {
    const t = await createTestApp({ env: { ALLOW_SIGNUP: 'false' } });
    try {
      const account = newAccount('closed');
      const res = await signUpAs(t.app, account);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'SIGNUP_DISABLED', message: SIGNUP_ERRORS.disabled });
      expect(await mailsTo(t.app, account.email)).toEqual([]);
      expect(await adminFlags(t.db)).toEqual({});
    } finally {
      await t.close();
    }
  });
});

describe(`passwords are hashed as Better Auth hashes them (${testDbKind})`, () => {
  it('the running app stores scrypt at Better Auth cost (test apps use a cheaper one), and that hash signs in', async () => {
    const t = await createTestApp({ appPasswordHashing: true });
    try {
      const account = await confirmedAccount(t.app, 'hashed');
      const [row] = await t.db.handle.raw
        .selectFrom('account')
        .innerJoin('user', 'user.id', 'account.userId')
        .select('account.password')
        .where('user.email', '=', account.email)
        .execute();
      const stored = row!.password!;
      expect(await verifyPassword({ hash: stored, password: account.password })).toBe(true);
      expect(await TEST_PASSWORD_HASHING.verify({ hash: stored, password: account.password })).toBe(false);
      expect((await logInAs(t.app, account.email, account.password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
