import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { insertUser } from '../../../../tests/support/fixtures';
import { olderDatabase } from '../../../../tests/support/older-database';
import { accountsRepository } from '../../auth/accounts.repository';
import { ADMIN_EVER_KEY } from './025_account_safety';

describe(`migration 025: e-mail undo links and "an admin has existed" (D8, ${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  const recorded = async () => (await t.handle.raw.selectFrom('app_meta').select('key').where('key', '=', ADMIN_EVER_KEY).execute()).length === 1;
  const flag = (value: boolean) => (t.handle.kind === 'sqlite' ? Number(value) : value);

  it('an install with an admin records that one existed: the next confirmation makes nobody admin, even once it is revoked', async () => {
    const migrator = await olderDatabase(t, '024_announcements');
    const admin = await insertUser(t.handle, 'boss@example.com');
    await t.handle.raw
      .updateTable('user')
      .set({ isAdmin: flag(true) })
      .where('id', '=', admin.id)
      .execute();
    const player = await insertUser(t.handle, 'player@example.com');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(await recorded()).toBe(true);
    await t.handle.raw
      .updateTable('user')
      .set({ isAdmin: flag(false) })
      .execute();
    expect(await accountsRepository(t.handle.db, t.handle.kind).claimFirstAdmin(player.id)).toBe(false);
  });

  it('an install whose admins were all revoked before the upgrade (confirmed accounts, no admin) records it too: admins come from the command', async () => {
    const migrator = await olderDatabase(t, '024_announcements');
    const player = await insertUser(t.handle, 'player@example.com');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await recorded()).toBe(true);
    const repo = accountsRepository(t.handle.db, t.handle.kind);
    expect(await repo.hasAdmin()).toBe(true);
    expect(await repo.claimFirstAdmin(player.id)).toBe(false);
  });

  it('a new install records nothing: its first confirmed account becomes admin, and that is recorded', async () => {
    const migrator = await olderDatabase(t, '024_announcements');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await recorded()).toBe(false);
    const repo = accountsRepository(t.handle.db, t.handle.kind);
    expect(await repo.hasAdmin()).toBe(false);
    const first = await insertUser(t.handle, 'first@example.com');
    expect(await repo.claimFirstAdmin(first.id)).toBe(true);
    expect(await recorded()).toBe(true);
  });

  it('undo links go with their account', async () => {
    const migrator = await olderDatabase(t, '024_announcements');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const user = await insertUser(t.handle, 'mover@example.com');
    const at = t.handle.kind === 'sqlite' ? new Date().toISOString() : new Date();
    await t.handle.raw
      .insertInto('email_change_undo')
      .values({
        id: randomUUID(),
        user_id: user.id,
        old_email: 'mover@example.com',
        new_email: 'new@example.com',
        token_hash: 'x',
        created_at: at,
        expires_at: at,
      })
      .execute();
    await t.handle.raw.deleteFrom('user').where('id', '=', user.id).execute();
    expect(await t.handle.raw.selectFrom('email_change_undo').selectAll().execute()).toEqual([]);
  });
});
