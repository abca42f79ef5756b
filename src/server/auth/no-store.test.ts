import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, logInAs, signedInPlayer } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';

/** Issue 10 item 15: Better Auth's answers carry account data and tokens; no cache may keep them. */
describe(`Better Auth's answers are never cached (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([['/api/auth/get-session'], ['/api/auth/list-sessions'], ['/api/auth/list-accounts'], ['/api/auth/ok']])(
    'GET %s answers Cache-Control: no-store, signed in or not',
    async (url) => {
      const player = await signedInPlayer(t.app, 'nostore');
      const signedIn = await getAs(t.app, url, { cookie: player.cookie });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('no-store');
      if (url === '/api/auth/list-sessions') expect(signedIn.json()).toHaveLength(1);
      expect((await getAs(t.app, url)).headers['cache-control']).toBe('no-store');
    },
  );

  it('a sign-in answer (it sets the session cookie) is not cached either', async () => {
    const player = await signedInPlayer(t.app, 'nostorelogin');
    const res = await logInAs(t.app, player.email, player.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
