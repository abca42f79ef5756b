import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import {
  type Account,
  adminFlags,
  confirmedAccount,
  followLink,
  getAs,
  latestMail,
  newAccount,
  postAuth,
  sessionOf,
  signedInPlayer,
  signUpAs,
  whoAmI,
} from '../../../tests/support/accounts';
import { createTestApp, guardedRoutes, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { accountsRepository } from './accounts.repository';
import { accountsService } from './accounts.service';
import { systemClock } from '../service-deps';

const quietLog = { info: () => {}, warn: () => {} };
const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } };
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: "You don't have permission to access this page." } };

describe(`the first account to confirm becomes the admin (D8, ${testDbKind})`, () => {
  it('the first confirmed account is admin, the second is not, whatever the order of sign-up', async () => {
    const t = await createTestApp();
    try {
      const early = newAccount('early');
      const late = newAccount('late');
      // `early` signs up first but confirms second.
      await signUpAs(t.app, early);
      await signUpAs(t.app, late);
      await followLink(t.app, (await latestMail(t.app, late.email)).link!);
      await followLink(t.app, (await latestMail(t.app, early.email)).link!);

      expect((await whoAmI(t.app, await sessionOf(t.app, late))).isAdmin).toBe(true);
      expect((await whoAmI(t.app, await sessionOf(t.app, early))).isAdmin).toBe(false);
      expect(await adminFlags(t.db)).toEqual({ [late.email]: true, [early.email]: false });
    } finally {
      await t.close();
    }
  });
});

describe(`with every admin revoked, nobody becomes admin by confirming an address (D8, ${testDbKind})`, () => {
  it("a player's confirmed address change and a new account's confirmation leave the install without an admin", async () => {
    const t = await createTestApp();
    try {
      const founder = await signedInPlayer(t.app, 'founder');
      const player = await signedInPlayer(t.app, 'mover');
      expect(await adminFlags(t.db)).toEqual({ [founder.email]: true, [player.email]: false });
      // The last admin's rights are taken away (as `revoke` could before it refused the last one).
      await t.db.handle.db.updateTable('user').set({ isAdmin: false }).execute();

      const newEmail = `new.${player.email}`;
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/me/email',
        headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: player.cookie },
        payload: { email: newEmail, currentPassword: player.password },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect((await followLink(t.app, (await latestMail(t.app, newEmail)).link!)).statusCode).toBe(302);
      const late = await confirmedAccount(t.app, 'late');

      expect(await adminFlags(t.db)).toEqual({ [founder.email]: false, [newEmail]: false, [late.email]: false });
    } finally {
      await t.close();
    }
  });
});

describe(`route guards: the server checks rights on every request (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Account & { cookie: string };
  let player: Account & { cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ routes: guardedRoutes });
    admin = await signedInPlayer(t.app, 'admin');
    player = await signedInPlayer(t.app, 'player');
  });
  afterAll(() => t.close());

  it('an admin-only route answers 401 to a visitor, 403 to a player and 200 to the admin', async () => {
    const visitor = await getAs(t.app, '/api/test/admin');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual(UNAUTHORIZED);
    const asPlayer = await getAs(t.app, '/api/test/admin', { cookie: player.cookie });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json()).toEqual(FORBIDDEN);
    const asAdmin = await getAs(t.app, '/api/test/admin', { cookie: admin.cookie });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ admin: { id: expect.any(String), email: admin.email, username: admin.username, isAdmin: true } });
  });

  it('a signed-in route answers 401 to a visitor and 200 to a player', async () => {
    const visitor = await getAs(t.app, '/api/test/user');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual(UNAUTHORIZED);
    const asPlayer = await getAs(t.app, '/api/test/user', { cookie: player.cookie });
    expect(asPlayer.statusCode).toBe(200);
    expect(asPlayer.json()).toEqual({ user: { id: expect.any(String), email: player.email, username: player.username, isAdmin: false } });
  });

  it('a player cannot make themselves admin through the auth API', async () => {
    const res = await postAuth(t.app, '/update-user', { isAdmin: true }, { cookie: player.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FIELD_NOT_ALLOWED' });
    expect((await whoAmI(t.app, player.cookie)).isAdmin).toBe(false);
    expect((await getAs(t.app, '/api/test/admin', { cookie: player.cookie })).statusCode).toBe(403);

    // Nor by asking for it at sign-up: the flag is ignored or refused, never stored.
    const sneaky = newAccount('sneaky');
    const signUp = await postAuth(t.app, '/sign-up/email', { ...sneaky, name: sneaky.username, isAdmin: true });
    expect([200, 400]).toContain(signUp.statusCode);
    expect((await adminFlags(t.db))[sneaky.email] ?? false).toBe(false);
  });
});

describe(`simultaneous first confirmations make exactly one admin (D8, ${testDbKind})`, () => {
  it('five accounts confirming at once: one admin', async () => {
    const t = await createTestApp();
    try {
      const accounts = Array.from({ length: 5 }, () => newAccount('racer'));
      for (const account of accounts) expect((await signUpAs(t.app, account)).statusCode).toBe(200);
      const links = await Promise.all(accounts.map(async (a) => (await latestMail(t.app, a.email)).link!));

      const confirmations = await Promise.all(links.map((link) => followLink(t.app, link)));
      expect(confirmations.map((r) => r.statusCode)).toEqual([302, 302, 302, 302, 302]);

      const flags = await adminFlags(t.db);
      expect(Object.keys(flags)).toHaveLength(5);
      expect(Object.values(flags).filter(Boolean)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe(`ADMIN_EMAILS decides who is admin (D8, ${testDbKind})`, () => {
  it('only listed addresses become admin at confirmation; the first account is not admin by default', async () => {
    const t = await createTestApp({ env: { ADMIN_EMAILS: 'Boss@Example.com, other-boss@example.com' } });
    try {
      const first = await confirmedAccount(t.app, 'notlisted');
      const boss = { ...newAccount('boss'), email: 'boss@example.com' };
      expect((await signUpAs(t.app, boss)).statusCode).toBe(200);
      // Listed but not confirmed yet: not admin.
      expect(await adminFlags(t.db)).toEqual({ [first.email]: false, [boss.email]: false });
      await followLink(t.app, (await latestMail(t.app, boss.email)).link!);

      expect(await adminFlags(t.db)).toEqual({ [first.email]: false, [boss.email]: true });
      expect((await whoAmI(t.app, await sessionOf(t.app, boss))).isAdmin).toBe(true);
      expect((await whoAmI(t.app, await sessionOf(t.app, first))).isAdmin).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('an existing confirmed account that is listed is granted at start; an unconfirmed one is not', async () => {
    const before = await createTestApp();
    try {
      const first = await confirmedAccount(before.app, 'founder');
      const later = await confirmedAccount(before.app, 'later');
      const pending = newAccount('pending');
      await signUpAs(before.app, pending);
      expect(await adminFlags(before.db)).toEqual({ [first.email]: true, [later.email]: false, [pending.email]: false });

      // The app restarts with ADMIN_EMAILS naming `later` and the unconfirmed `pending`.
      const after = await createTestApp({
        database: before.db,
        env: { ADMIN_EMAILS: `${later.email.toUpperCase()},${pending.email}` },
        routes: guardedRoutes,
      });
      try {
        expect(await adminFlags(before.db)).toEqual({ [first.email]: true, [later.email]: true, [pending.email]: false });
        const cookie = await sessionOf(after.app, later);
        expect((await whoAmI(after.app, cookie)).isAdmin).toBe(true);
        expect((await getAs(after.app, '/api/test/admin', { cookie })).statusCode).toBe(200);
      } finally {
        await after.close();
      }
    } finally {
      await before.close();
    }
  });
});

describe(`granting and revoking admin rights (npm run admin, D8, ${testDbKind})`, () => {
  let t: TestApp;
  const LISTED = 'listed-admin@example.com';
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: LISTED }, routes: guardedRoutes });
  });
  afterAll(() => t.close());

  const service = () =>
    accountsService({ repo: accountsRepository(t.db.handle.db, t.db.handle.kind), policy: { adminEmails: [LISTED] }, log: quietLog, clock: systemClock });

  it('grant makes a player admin on their very next request; revoke takes it back', async () => {
    const player = await signedInPlayer(t.app, 'promoted');
    expect((await getAs(t.app, '/api/test/admin', { cookie: player.cookie })).statusCode).toBe(403);

    expect(await service().setAdmin(`  ${player.email.toUpperCase()} `, true)).toEqual({ ok: true, message: `${player.email} is now an admin.` });
    expect((await whoAmI(t.app, player.cookie)).isAdmin).toBe(true);
    expect((await getAs(t.app, '/api/test/admin', { cookie: player.cookie })).statusCode).toBe(200);

    // Another admin, so this one is not the last.
    const other = await signedInPlayer(t.app, 'keeper');
    await service().setAdmin(other.email, true);
    expect(await service().setAdmin(player.email, false)).toEqual({ ok: true, message: `${player.email} is no longer an admin.` });
    // The same session: the server decides on every request (D8).
    expect((await whoAmI(t.app, player.cookie)).isAdmin).toBe(false);
    expect((await getAs(t.app, '/api/test/admin', { cookie: player.cookie })).statusCode).toBe(403);
  });

  it('refuses to revoke an address listed in ADMIN_EMAILS, with that reason', async () => {
    const listed = { ...newAccount('listed'), email: LISTED };
    await signUpAs(t.app, listed);
    await followLink(t.app, (await latestMail(t.app, LISTED)).link!);
    expect((await adminFlags(t.db))[LISTED]).toBe(true);

    expect(await service().setAdmin('Listed-Admin@Example.com', false)).toEqual({
      ok: false,
      message: `${LISTED} is listed in ADMIN_EMAILS; remove it there to revoke its admin rights.`,
    });
    expect((await adminFlags(t.db))[LISTED]).toBe(true);
  });

  it('names an unknown address instead of pretending', async () => {
    expect(await service().setAdmin('ghost@example.com', true)).toEqual({ ok: false, message: 'No account with the e-mail ghost@example.com.' });
    expect(Object.keys(await adminFlags(t.db))).not.toContain('ghost@example.com');
  });
});

/**
 * Issue 25, part 0: one way to guard a route. Every guarded route spreads `app.guards.admin` or
 * `app.guards.signedIn`, so its guard runs onRequest, before the body is parsed: a visitor's
 * malformed body is a 401, never a 400 naming the route's fields.
 */
describe(`every guarded route is guarded the one way (${testDbKind})`, () => {
  let t: TestApp;
  const added: RouteOptions[] = [];
  beforeAll(async () => {
    t = await createTestApp({ onRoute: (route) => void added.push(route) });
  });
  afterAll(() => t.close());

  const hooksOf = (route: RouteOptions, hook: 'onRequest' | 'preValidation' | 'preHandler') => [route[hook] ?? []].flat();

  it('holds the guard in onRequest and nowhere else', () => {
    const { requireAdmin, requireUser } = t.app.guards;
    const guarded = added.filter((route) =>
      (['onRequest', 'preValidation', 'preHandler'] as const).some((hook) => hooksOf(route, hook).some((h) => h === requireAdmin || h === requireUser)),
    );
    expect(guarded.length).toBeGreaterThan(30);
    const elsewhere = guarded.filter((route) =>
      [...hooksOf(route, 'preValidation'), ...hooksOf(route, 'preHandler')].some((h) => h === requireAdmin || h === requireUser),
    );
    expect(elsewhere.map((route) => `${String(route.method)} ${route.url}`)).toEqual([]);
  });

  it('answers a visitor 401 on every guarded write, even with a body that is not JSON', async () => {
    const { requireAdmin, requireUser } = t.app.guards;
    const writes = added.filter((route) => route.method !== 'GET' && hooksOf(route, 'onRequest').some((h) => h === requireAdmin || h === requireUser));
    expect(writes.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const route of writes) {
      const url = route.url.replace(/:quarter/, '1').replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', host: 'localhost:3000' },
        payload: '{not json',
      });
      if (res.statusCode !== 401) wrong.push(`${String(route.method)} ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
