import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLink, latestMail, logInAs, newAccount, postAuth, signUpAs } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { localCallback, safeLocation } from './redirects';

const HOME = 'http://localhost:3000';

/** Callbacks that would lead a browser off our origin, however they are spelled (issue 10 item 6). */
const OFF_SITE = [
  '/.//evil.example/x',
  '/./\\evil.example/x',
  '/.\\/evil.example/x',
  './/evil.example/x',
  '/..//evil.example/x',
  '../..//evil.example/x',
  '/x/../..//evil.example/x',
  '//evil.example/x',
  '///evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  '\\/evil.example/x',
  '/%2F/evil.example/x',
  '/%2f%2fevil.example/x',
  '%2F%2Fevil.example/x',
  '/%5Cevil.example/x',
  '/%5c%5cevil.example/x',
  '/\t/evil.example/x',
  '/\n/evil.example/x',
  ' //evil.example/x',
  'https:evil.example/x',
  'https:/evil.example/x',
  'https://evil.example/x',
  'HTTPS://EVIL.EXAMPLE/x',
  'http://localhost:3000.evil.example/x',
  'http://localhost:3000@evil.example/x',
  'http://localhost:3001/x',
  'https://localhost:3000/x',
  `${HOME}//evil.example/x`,
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'http://[::1',
];

/** Callbacks on our own origin, and the path each is passed on as. */
const ON_SITE: [string, string][] = [
  ['/login?confirmed=1', '/login?confirmed=1'],
  ['/reset-password', '/reset-password'],
  ['/game/abc?x=1#top', '/game/abc?x=1#top'],
  ['/a/../login', '/login'],
  ['/../login', '/login'],
  ['login', '/login'],
  [`${HOME}/my-squares`, '/my-squares'],
  ['/', '/'],
];

/** Where a browser goes with this Location, from a page of the app. */
const destination = (res: LightMyRequestResponse) =>
  res.headers.location ? new URL(String(res.headers.location), `${HOME}/api/auth/verify-email`).origin : null;

describe('localCallback: a callback is accepted only if, resolved against our origin, it stays there', () => {
  it.each(OFF_SITE)('refuses %j', (target) => {
    expect(localCallback(target, HOME)).toBeNull();
  });

  it.each(ON_SITE)('accepts %j as %j', (target, path) => {
    expect(localCallback(target, HOME)).toBe(path);
  });

  it('checks the Location of every auth answer again on its way out, resolved against the request as a browser does', () => {
    const request = `${HOME}/api/auth/verify-email?token=x`;
    expect(safeLocation('/login?error=INVALID_TOKEN', request, HOME)).toEqual({ location: '/login?error=INVALID_TOKEN', replaced: false });
    expect(safeLocation(`${HOME}/api/auth/error?error=x`, request, HOME)).toEqual({ location: '/api/auth/error?error=x', replaced: false });
    expect(safeLocation('error', request, HOME)).toEqual({ location: '/api/auth/error', replaced: false });
    expect(safeLocation('//evil.example/x', request, HOME)).toEqual({ location: '/', replaced: true });
    expect(safeLocation('/.//evil.example/x', request, HOME)).toEqual({ location: '/', replaced: true });
    for (const location of OFF_SITE) {
      // Some of these are on-site paths when resolved against /api/auth/... ("./" + "/evil" is /api/auth//evil).
      const checked = safeLocation(location, request, HOME).location;
      expect(new URL(checked, request).origin, location).toBe(HOME);
      expect(checked, location).toMatch(/^\/(?![/\\])/);
    }
  });

  it("with PUBLIC_URL the origin is PUBLIC_URL's", () => {
    expect(localCallback('https://squares.example.com/login', 'https://squares.example.com')).toBe('/login');
    expect(localCallback('http://squares.example.com/login', 'https://squares.example.com')).toBeNull();
  });
});

describe(`no auth endpoint redirects off-site, whatever the callback's spelling (${testDbKind})`, () => {
  for (const [label, env, host] of [
    ['trial', {}, 'localhost:3000'],
    ['PUBLIC_URL', { PUBLIC_URL: HOME }, 'localhost:3000'],
  ] as const) {
    describe(label, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp({ env });
      });
      afterAll(() => t.close());

      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
      const refused = (res: LightMyRequestResponse) => {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ code: 'INVALID_CALLBACK_URL', message: 'This link is not valid.' });
        expect(res.headers.location).toBeUndefined();
      };

      it.each(OFF_SITE)('GET verify-email and reset-password/:token with callbackURL %j: 400, no redirect', async (target) => {
        const q = encodeURIComponent(target);
        refused(await get(`/api/auth/verify-email?token=x&callbackURL=${q}`));
        refused(await get(`/api/auth/reset-password/x?callbackURL=${q}`));
        refused(await get(`/api/auth/delete-user/callback?token=x&callbackURL=${q}`));
      });

      it.each(OFF_SITE)('POST endpoints with %j in callbackURL, redirectTo, newUserCallbackURL or errorCallbackURL: 400', async (target) => {
        const email = 'someone@example.com';
        refused(await postAuth(t.app, '/request-password-reset', { email, redirectTo: target }, { host }));
        refused(await postAuth(t.app, '/send-verification-email', { email, callbackURL: target }, { host }));
        refused(await postAuth(t.app, '/sign-in/email', { email, password: 'Wrong#Pass123', callbackURL: target }, { host }));
        const account = newAccount('cb');
        refused(await postAuth(t.app, '/sign-up/email', { ...account, name: account.username, callbackURL: target }, { host }));
        refused(await postAuth(t.app, '/sign-in/social', { provider: 'google', callbackURL: '/', newUserCallbackURL: target }, { host }));
        refused(await postAuth(t.app, '/sign-in/social', { provider: 'google', callbackURL: '/', errorCallbackURL: target }, { host }));
        // In the query of a POST too.
        refused(await postAuth(t.app, `/sign-in/email?callbackURL=${encodeURIComponent(target)}`, { email, password: 'Wrong#Pass123' }, { host }));
      });

      it('a callback given twice is refused, whatever the first one is', async () => {
        refused(await get(`/api/auth/verify-email?token=x&callbackURL=%2Flogin&callbackURL=${encodeURIComponent('/.//evil.example/x')}`));
      });

      it('the issue 10 link with a real token: refused before the token is used, and the account stays unconfirmed', async () => {
        const account = newAccount('redirected');
        await signUpAs(t.app, account, { host });
        const token = new URL((await latestMail(t.app, account.email)).link!).searchParams.get('token')!;
        const res = await get(`/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent('/.//evil.example/x')}`);
        refused(res);
        expect((await logInAs(t.app, account.email, account.password, { host })).statusCode).toBe(403);
        // The real link still works and stays home.
        const ok = await get(`/api/auth/verify-email?token=${token}&callbackURL=%2Flogin%3Fconfirmed%3D1`);
        expect(ok.statusCode).toBe(302);
        expect(ok.headers.location).toBe('/login?confirmed=1');
      });

      it.each(ON_SITE)('an on-site callback %j is passed on as %j and the redirect stays home', async (target, path) => {
        const res = await get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`);
        expect(res.statusCode).toBe(302);
        expect(destination(res)).toBe(HOME);
        expect(new URL(String(res.headers.location), HOME).pathname).toBe(new URL(path, HOME).pathname);
      });

      it('sign-in with an on-site callback answers with that path, not another site', async () => {
        const account = newAccount('signin');
        await signUpAs(t.app, account, { host });
        await followLink(t.app, (await latestMail(t.app, account.email)).link!);
        const res = await postAuth(t.app, '/sign-in/email', { email: account.email, password: account.password, callbackURL: '/./my-squares' }, { host });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ redirect: true, url: '/my-squares' });
        expect(destination(res)).toBe(HOME);
      });
    });
  }
});
