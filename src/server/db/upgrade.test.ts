/**
 * Safe upgrades (issue 24, design note 024): an upgrade cut off by a killed process or a full disk
 * leaves the database exactly as the older version had it, says what to do, and the next start
 * migrates; a database a newer version upgraded is refused by name; every applied migration is
 * logged and recorded.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { olderDatabase } from '../../../tests/support/older-database';
import { databaseUrlOf } from '../../../tests/support/server-process';
import { parseSettings } from '../config';
import { APP_VERSION } from '../version';
import { openDatabase, sqliteConnectionOf } from './connection';
import { appliedMigrations, migrate, MigrationError } from './migrate';
import { migrations } from './migrations';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHILD = fileURLToPath(new URL('../../../tests/support/migrate-child.ts', import.meta.url));
const settings = parseSettings({ NODE_ENV: 'test' });
const ALL = Object.keys(migrations('sqlite'));

describe(`an upgrade is all or nothing (${testDbKind})`, () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  /** Every table of the test database with its columns: equal shapes, equal schemas. */
  async function shape(): Promise<Record<string, string[]>> {
    const tables = await t.handle.raw.introspection.getTables({ withInternalKyselyTables: true });
    return Object.fromEntries(
      tables
        .filter((table) => t.handle.kind === 'sqlite' || table.schema === t.schema)
        .map((table) => [table.name, table.columns.map((c) => c.name).sort()] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  }

  /** A user and a game as a database at 009 holds them, to see that they survive. */
  async function someData(): Promise<string> {
    const now = new Date().toISOString();
    const id = randomUUID();
    const flag = t.handle.kind === 'sqlite' ? 1 : true;
    await t.handle.raw
      .insertInto('user')
      .values({ id, email: `${id}@example.com`, name: 'pat', emailVerified: flag, createdAt: now, updatedAt: now, username: 'pat' })
      .execute();
    await t.handle.raw
      .insertInto('games')
      .values({
        id,
        title: 'Kept Bowl',
        team_a: 'A',
        team_b: 'B',
        game_type: 'nfl',
        price_per_square_cents: 1000,
        created_by: id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  const schemaOf = () => t.schema;
  const applied = () => appliedMigrations(t.handle.raw, t.handle.kind, schemaOf());
  const UP_TO_009 = ALL.slice(0, ALL.indexOf('009_invite_only') + 1);

  it('a process killed in the middle of an upgrade leaves the database as it was; the next start migrates', async () => {
    await olderDatabase(t, '009_invite_only');
    const gameId = await someData();
    const before = await shape();

    // The child applies 010-012 and stops inside 012, its statements run, its transaction open.
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrlOf(t), CUT_AFTER: '012_deleted_games' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const look = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('cut point')) resolve();
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      void exited.then((code) => reject(new Error(`the migrating child exited (${code}) before its cut point:\n${output}`)));
    });
    child.kill('SIGKILL');
    await exited;

    expect(await shape()).toEqual(before);
    expect(await applied()).toEqual(UP_TO_009);

    const report = await migrate(t.handle, settings, TEST_SECRET);
    expect(report.applied).toEqual(ALL.slice(UP_TO_009.length));
    const game = await t.handle.db.selectFrom('games').select(['title', 'visibility', 'collected_cents']).where('id', '=', gameId).executeTakeFirstOrThrow();
    expect(game).toEqual({ title: 'Kept Bowl', visibility: 'public', collected_cents: 0 });
  });

  it('a full disk (SQLite) or a failing statement (PostgreSQL) mid-way: nothing applied, what to do said, the next start migrates', async () => {
    await olderDatabase(t, '009_invite_only');
    const gameId = await someData();
    const before = await shape();

    let known = migrations(t.handle.kind);
    const sqlite = sqliteConnectionOf(t.handle.raw);
    if (sqlite) {
      // A few pages more than the database has: the upgrade's first new tables fit, then the disk is "full".
      const { page_count } = sqlite.prepare('pragma page_count').get() as { page_count: number };
      sqlite.exec(`pragma max_page_count = ${page_count + 3}`);
    } else {
      const real = known['011_game_members']!;
      known = {
        ...known,
        '011_game_members': {
          async up(db) {
            await real.up(db);
            await sql`select 1 / 0`.execute(db);
          },
        },
      };
    }

    const failure = await migrate(t.handle, settings, TEST_SECRET, { migrations: known }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    const message = (failure as Error).message;
    expect(message).toMatch(sqlite ? /^Migration 01[0-3]_\w+ failed: database or disk is full\./ : /^Migration 011_game_members failed: division by zero\./);
    expect(message).toContain('Nothing was applied: the database is as it was before (at migration 009_invite_only).');
    expect(message).toContain('restore the backup taken before the upgrade (npm run restore');
    expect(await shape()).toEqual(before);
    expect(await applied()).toEqual(UP_TO_009);

    // The disk has room again (or the cause is fixed): the next start applies everything.
    sqlite?.exec('pragma max_page_count = 1073741823');
    expect((await migrate(t.handle, settings, TEST_SECRET)).applied).toEqual(ALL.slice(UP_TO_009.length));
    if (sqlite) expect(sqlite.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' });
    expect(await t.handle.db.selectFrom('games').select('title').where('id', '=', gameId).executeTakeFirstOrThrow()).toEqual({ title: 'Kept Bowl' });
  });

  it('a database a newer version upgraded is refused by name, untouched (a rollback without the backup)', async () => {
    const newer = {
      ...migrations(t.handle.kind),
      '099_from_the_future': { up: async (db: any) => void (await db.schema.createTable('future').addColumn('id', 'text').execute()) },
    };
    await migrate(t.handle, settings, TEST_SECRET, { migrations: newer });
    const before = await shape();

    await expect(migrate(t.handle, settings, TEST_SECRET)).rejects.toThrow(
      'This database was upgraded by a newer version of Squares Pool (migration 099_from_the_future), which this version does not know. ' +
        'Restore the backup taken before the upgrade (npm run restore), or run the newer version.',
    );
    expect(await shape()).toEqual(before);
  });

  // PostgreSQL only: instances share it. (In one process two SQLite connections would block each
  // other's thread: node:sqlite waits for a lock synchronously.)
  it.runIf(testDbKind === 'postgres')('two instances starting at once on a new database: one migrates, the other waits and finds it done', async () => {
    const second = await openDatabase(t.settings, { ...(t.schema ? { schema: t.schema } : {}), maxConnections: 2 });
    try {
      const reports = await Promise.all([migrate(t.handle, settings, TEST_SECRET), migrate(second, settings, TEST_SECRET)]);
      expect(reports.map((r) => r.applied.length).sort()).toEqual([0, ALL.length]);
      expect(await applied()).toEqual(ALL);
    } finally {
      await second.close();
    }
  });

  it('logs each applied migration and records it with its time, duration and the app version', async () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const logger = { info: (obj: object, msg: string) => void lines.push({ obj: obj as Record<string, unknown>, msg }) };
    const startedAt = new Date().toISOString();
    const report = await migrate(t.handle, settings, TEST_SECRET, { logger });
    expect(report.applied).toEqual(ALL);

    expect(lines.map((l) => l.msg)).toEqual(['account tables migrated', ...ALL.map((name) => `migration ${name} applied`)]);
    expect(lines.slice(1).every((l) => typeof l.obj.ms === 'number')).toBe(true);

    const rows = await t.handle.raw.selectFrom('migration_log').selectAll().orderBy('applied_at').execute();
    expect(rows.map((r) => r.name)).toEqual(['better-auth', ...ALL]);
    for (const row of rows) {
      expect(row.app_version).toBe(APP_VERSION);
      expect(Number(row.duration_ms)).toBeGreaterThanOrEqual(0);
      expect(row.applied_at >= startedAt).toBe(true);
    }
    expect(rows[0]!.detail).toContain('created user');

    // Nothing to do the second time: nothing logged, nothing recorded.
    lines.length = 0;
    expect(await migrate(t.handle, settings, TEST_SECRET, { logger })).toEqual({ authChanges: 0, applied: [] });
    expect(lines).toEqual([]);
    expect(await t.handle.raw.selectFrom('migration_log').select('name').execute()).toHaveLength(rows.length);
  });
});
