import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, postAuth, sessionOf, signedInPlayer, signOut, whoAmI } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { type AppInstance, startInstance } from '../../../tests/support/instances';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { runAdminCommand } from './admin-command';

const quiet = { info: () => {}, warn: () => {} };
/** "Within 1 s" (issue 11): every check below polls at most this long for the refusal. */
const WITHIN = { timeout: 1000, interval: 25 };

/**
 * Sign-out and revocation stay immediate with the lean session reader (design note 007): two
 * instances of the app on one database, as behind a load balancer; the admin command from its own
 * connection, as `npm run admin` from another process.
 */
describe(`sign-out and revocation reach every instance (${testDbKind})`, () => {
  let t: TestApp;
  let b: AppInstance;
  let command: DatabaseHandle;

  beforeAll(async () => {
    t = await createTestApp();
    b = await startInstance(t.db);
    command = await openDatabase(t.db.settings, t.db.schema ? { schema: t.db.schema } : {});
  });
  afterAll(async () => {
    await command?.close();
    await b?.close();
    await t?.close();
  });

  const userOn = async (app: TestApp['app'], cookie: string) => (await whoAmI(app, cookie)).user?.email ?? null;
  const mySquaresStatus = async (app: TestApp['app'], cookie: string) => (await getAs(app, '/api/me/squares', { cookie })).statusCode;

  it('a session signed out on one instance is refused by the other', async () => {
    const player = await signedInPlayer(t.app);
    expect(await userOn(b.app, player.cookie)).toBe(player.email);
    expect(await mySquaresStatus(b.app, player.cookie)).toBe(200);

    expect((await signOut(t.app, player.cookie)).statusCode).toBe(200);
    await expect.poll(() => userOn(b.app, player.cookie), WITHIN).toBeNull();
    await expect.poll(() => mySquaresStatus(b.app, player.cookie), WITHIN).toBe(401);
    expect(await userOn(t.app, player.cookie)).toBeNull();
  });

  it('sessions revoked from another session are refused on both instances; the one that revoked stays', async () => {
    const player = await signedInPlayer(t.app);
    const second = await sessionOf(t.app, player);
    expect(await userOn(b.app, player.cookie)).toBe(player.email);

    const res = await postAuth(b.app, '/revoke-other-sessions', {}, { cookie: second });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => userOn(t.app, player.cookie), WITHIN).toBeNull();
    await expect.poll(() => userOn(b.app, player.cookie), WITHIN).toBeNull();
    expect(await userOn(t.app, second)).toBe(player.email);
  });

  it('an admin revoked with the admin command loses the admin routes on both instances', async () => {
    const admin = await signedInPlayer(t.app, 'boss');
    const gameId = await insertGame(t.db.handle);
    const ordersStatus = async (app: TestApp['app']) => (await getAs(app, `/api/admin/games/${gameId}/orders`, { cookie: admin.cookie })).statusCode;
    const isAdminOn = async (app: TestApp['app']) => (await whoAmI(app, admin.cookie)).isAdmin;

    expect(await runAdminCommand(['grant', admin.email], t.settings, command, quiet)).toMatchObject({ code: 0 });
    await expect.poll(() => ordersStatus(b.app), WITHIN).toBe(200);
    expect(await ordersStatus(t.app)).toBe(200);

    expect(await runAdminCommand(['revoke', admin.email], t.settings, command, quiet)).toMatchObject({ code: 0 });
    await expect.poll(() => ordersStatus(t.app), WITHIN).toBe(403);
    await expect.poll(() => ordersStatus(b.app), WITHIN).toBe(403);
    expect(await isAdminOn(t.app)).toBe(false);
    expect(await isAdminOn(b.app)).toBe(false);
    // Still signed in: only the admin rights went.
    expect(await userOn(b.app, admin.cookie)).toBe(admin.email);
  });
});
