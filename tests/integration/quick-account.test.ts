import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOut, testAccount, type TestAccount, whoAmI } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { testDbKind } from '../support/db';
import { send } from '../support/request';

/**
 * The fast path of tests/support/accounts.ts writes the user and session rows and signs the
 * cookie itself. It stands in for sign-up only if the app and Better Auth treat its accounts as
 * they treat real ones: this holds it to the real path.
 */
describe(`fast-path test accounts are real accounts to the app (${testDbKind})`, () => {
  let t: TestApp;
  let real: TestAccount;
  let fast: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    [real, fast] = await Promise.all([testAccount(t, { prefix: 'real', via: 'sign-up' }), testAccount(t, { prefix: 'fast' })]);
  });
  afterAll(() => t.close());

  const betterAuthSession = async (cookie: string) => {
    const res = await send(t.app, 'GET', '/api/auth/get-session', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { user: { id: string; email: string; emailVerified: boolean; username: string } } | null;
  };

  it('GET /api/me answers alike for both, each as itself', async () => {
    const [mine, theirs] = await Promise.all([whoAmI(t.app, fast.cookie), whoAmI(t.app, real.cookie)]);
    expect(mine).toEqual({ ...theirs, user: { ...theirs.user, id: fast.id, email: fast.email, username: fast.username } });
    expect(Object.keys(mine.user!).sort()).toEqual(Object.keys(theirs.user!).sort());
  });

  it("Better Auth's own getSession accepts the fast-path session, confirmed, with the same fields", async () => {
    const [mine, theirs] = await Promise.all([betterAuthSession(fast.cookie), betterAuthSession(real.cookie)]);
    expect(mine?.user).toMatchObject({ id: fast.id, email: fast.email, emailVerified: true, username: fast.username });
    expect(Object.keys(mine!.user).sort()).toEqual(Object.keys(theirs!.user).sort());
  });

  it('the admin flag is what the test asked for: an admin passes the admin guard, a player does not', async () => {
    const admin = await testAccount(t, { admin: true });
    expect((await whoAmI(t.app, admin.cookie)).isAdmin).toBe(true);
    expect((await whoAmI(t.app, fast.cookie)).isAdmin).toBe(false);
    const body = { title: 'Fast Bowl', team_a: 'Lions', team_b: 'Bears', price_per_square: 10, payout_schedule: 'even', game_type: 'nfl' };
    expect((await send(t.app, 'POST', '/api/admin/games', { cookie: admin.cookie, payload: body })).statusCode).toBe(201);
    expect((await send(t.app, 'POST', '/api/admin/games', { cookie: fast.cookie, payload: body })).statusCode).toBe(403);
  });

  it('a cookie signed with another secret, or altered, is no session', async () => {
    const [name, value] = fast.cookie.split('=') as [string, string];
    const [token] = decodeURIComponent(value).split('.');
    expect((await whoAmI(t.app, `${name}=${encodeURIComponent(`${token}.forged`)}`)).user).toBeNull();
    expect((await whoAmI(t.app, `${name}=${encodeURIComponent(`${token}x`)}${value.slice(-10)}`)).user).toBeNull();
  });

  it('sign-out ends a fast-path session as it ends a real one', async () => {
    const leaving = await testAccount(t, { prefix: 'leaving' });
    expect((await whoAmI(t.app, leaving.cookie)).user?.id).toBe(leaving.id);
    expect((await signOut(t.app, leaving.cookie)).statusCode).toBe(200);
    expect((await whoAmI(t.app, leaving.cookie)).user).toBeNull();
  });
});
