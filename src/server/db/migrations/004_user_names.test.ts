import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDisplayUsername, validateUsername } from '@core/validation';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../tests/support/db';
import { olderDatabase } from '../../../../tests/support/older-database';
import { parseSettings } from '../../config';
import { migrate } from '../migrate';
import { repairedNames } from './004_user_names';

const SECRET = 'x'.repeat(40);
const settings = parseSettings({ NODE_ENV: 'test' });

describe(`migration 004 repairs the names of existing accounts (issue 10, ${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  let created = Date.UTC(2026, 0, 1);
  /** A user row as the app wrote it before issue 10 (no rule on names), oldest first. */
  async function insertUser(username: string | null, displayUsername: string | null, name: string | null) {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    created += 1000;
    const at = new Date(created);
    await t.handle.raw
      .insertInto('user')
      .values({
        id: randomUUID(),
        email,
        name: name ?? '',
        emailVerified: t.handle.kind === 'sqlite' ? 1 : true,
        createdAt: t.handle.kind === 'sqlite' ? at.toISOString() : at,
        updatedAt: t.handle.kind === 'sqlite' ? at.toISOString() : at,
        username,
        displayUsername,
      })
      .execute();
    return email;
  }
  const names = async (email: string) =>
    t.handle.raw.selectFrom('user').select(['username', 'displayUsername', 'name']).where('email', '=', email).executeTakeFirstOrThrow();

  it('rewrites bad usernames to safe unique ones and resets display names that are not the username', async () => {
    const migrator = await olderDatabase(t, '003_checkout');
    const rows = {
      good: await insertUser('alice', 'Alice', 'Alice'),
      bob: await insertUser('bob', 'bob', 'bob'),
      impersonator: await insertUser('mallory', 'alice', 'Alice'),
      override: await insertUser('carol', '\u202eloraC', 'carol'),
      zeroWidth: await insertUser('dave', 'da\u200bve', 'da\u200bve'),
      huge: await insertUser('erin', 'x'.repeat(255_000), 'x'.repeat(255_000)),
      accented: await insertUser('josé', 'José', 'José'),
      html: await insertUser('<b>tom&jerry</b>', '<b>Tom&Jerry</b>', '<b>Tom&Jerry</b>'),
      cyrillic: await insertUser('\u0430lice', '\u0430lice', '\u0430lice'),
      bob2: await insertUser('bob\u200b', 'bob\u200b', 'bob\u200b'),
      bob3: await insertUser('bob\u200c', 'Bob\u200c', 'Bob'),
      emoji: await insertUser('🏈🏈🏈', '🏈🏈🏈', '🏈🏈🏈'),
      emoji2: await insertUser('🏀🏀🏀', null, '🏀🏀🏀'),
      long: await insertUser('a'.repeat(40), 'a'.repeat(40), 'a'.repeat(40)),
      noUsername: await insertUser(null, null, 'Zed Zebra'),
      upper: await insertUser('Tom', 'TOM', 'Tom'),
      controls: await insertUser('ev\u0007e', 'ev\u0007e', 'eve'),
    };

    const { error, results } = await migrator.migrateTo('004_user_names');
    expect(error).toBeUndefined();
    expect(results?.map((r) => r.migrationName)).toEqual(['004_user_names']);

    expect(await names(rows.good)).toEqual({ username: 'alice', displayUsername: 'Alice', name: 'Alice' });
    expect(await names(rows.bob)).toEqual({ username: 'bob', displayUsername: 'bob', name: 'bob' });
    expect(await names(rows.impersonator)).toEqual({ username: 'mallory', displayUsername: 'mallory', name: 'mallory' });
    expect(await names(rows.override)).toEqual({ username: 'carol', displayUsername: 'carol', name: 'carol' });
    expect(await names(rows.zeroWidth)).toEqual({ username: 'dave', displayUsername: 'dave', name: 'dave' });
    expect(await names(rows.huge)).toEqual({ username: 'erin', displayUsername: 'erin', name: 'erin' });
    expect(await names(rows.accented)).toEqual({ username: 'jose', displayUsername: 'jose', name: 'jose' });
    expect(await names(rows.html)).toEqual({ username: 'btomjerryb', displayUsername: 'btomjerryb', name: 'btomjerryb' });
    // Nothing of the Cyrillic letter is left: it can no longer pass for "alice".
    expect(await names(rows.cyrillic)).toEqual({ username: 'lice', displayUsername: 'lice', name: 'lice' });
    expect(await names(rows.bob2)).toEqual({ username: 'bob-2', displayUsername: 'bob-2', name: 'bob-2' });
    expect(await names(rows.bob3)).toEqual({ username: 'bob-3', displayUsername: 'bob-3', name: 'bob-3' });
    expect(await names(rows.emoji)).toEqual({ username: 'player', displayUsername: 'player', name: 'player' });
    expect(await names(rows.emoji2)).toEqual({ username: 'player-2', displayUsername: 'player-2', name: 'player-2' });
    expect(await names(rows.long)).toEqual({ username: 'a'.repeat(30), displayUsername: 'a'.repeat(30), name: 'a'.repeat(30) });
    expect(await names(rows.noUsername)).toEqual({ username: 'zedzebra', displayUsername: 'zedzebra', name: 'zedzebra' });
    expect(await names(rows.upper)).toEqual({ username: 'tom', displayUsername: 'TOM', name: 'Tom' });
    expect(await names(rows.controls)).toEqual({ username: 'eve', displayUsername: 'eve', name: 'eve' });

    // Every row now passes the app's own rule, and usernames are unique.
    const all = await t.handle.raw.selectFrom('user').select(['username', 'displayUsername', 'name']).execute();
    for (const row of all) {
      expect(validateUsername(row.username!)).toEqual({ ok: true, value: row.username });
      expect(validateDisplayUsername(row.displayUsername!, row.username!)).toEqual({ ok: true, value: row.displayUsername });
      expect(validateDisplayUsername(row.name!, row.username!)).toEqual({ ok: true, value: row.name });
    }
    expect(new Set(all.map((r) => r.username)).size).toBe(all.length);

    // The app's own migrate step finds 004 done and runs it no more.
    expect((await migrate(t.handle, settings, SECRET)).applied).not.toContain('004_user_names');
  });

  it('a fresh database gets 004 with nothing to repair', async () => {
    expect((await migrate(t.handle, settings, SECRET)).applied).toContain('004_user_names');
    expect(await t.handle.raw.selectFrom('user').select('id').execute()).toEqual([]);
  });
});

describe('repairedNames', () => {
  it('leaves good rows alone and changes nothing twice', () => {
    const rows = [
      { id: '1', username: 'ok_name', displayUsername: 'OK_Name', name: 'ok_name' },
      { id: '2', username: 'Bad Name', displayUsername: 'x', name: 'y' },
    ];
    const changes = repairedNames(rows);
    expect(changes).toEqual([{ id: '2', username: 'badname', displayUsername: 'badname', name: 'badname' }]);
    const after = rows.map((r) => changes.find((c) => c.id === r.id) ?? r);
    expect(repairedNames(after)).toEqual([]);
  });

  it('makes a long name unique within 30 characters', () => {
    const long = 'b'.repeat(30);
    const changes = repairedNames([
      { id: '1', username: long, displayUsername: long, name: long },
      { id: '2', username: `${long}x`, displayUsername: null, name: 'x' },
    ]);
    expect(changes).toEqual([{ id: '2', username: `${'b'.repeat(28)}-2`, displayUsername: `${'b'.repeat(28)}-2`, name: `${'b'.repeat(28)}-2` }]);
  });
});
