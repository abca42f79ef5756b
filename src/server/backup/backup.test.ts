/**
 * Backups (issue 24, design note 024), run for real: the server as a child process in a folder of
 * its own (its ./data holds the trial's auth secret), players buying and reserving squares
 * without pause while `npm run backup` runs, then `npm run restore` into a fresh database in
 * another folder, checked (integrity and foreign keys, every game's counters against its squares,
 * row counts between the ones before and after the backup), and the app started on it, serving
 * the data to the sessions of before. A backup taken with no writes going on restores to exactly
 * the same rows. SQLite: the backup holds what is still in the WAL, which a plain copy misses.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFingerprint, TEST_SECRET } from '../../../tests/support/app';
import { cartOf, expectCountersMatch, PAYS, sessionIdOf } from '../../../tests/support/checkout';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase, testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { olderDatabase } from '../../../tests/support/older-database';
import { type ServerProcess, spawnServer, serverEntry } from '../../../tests/support/server-process';
import { sessionRow, userRow } from '../../../tests/support/session-rows';
import { parseSettings } from '../config';
import { openDatabase, sqliteConnectionOf, type DatabaseHandle } from '../db/connection';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations';
import { migrateWithBackup } from './before-upgrade';
import { takeBackup } from './backup';
import { readManifest } from './manifest';
import { restoreBackup } from './restore';

const sqlite = testDbKind === 'sqlite';

interface Player {
  id: string;
  cookie: string;
}

/** A database that is not the test's own: a new SQLite file, or a new PostgreSQL database with the source's schema name. */
type Target = Pick<TestDatabase, 'settings' | 'schema'>;

describe(`backups (${testDbKind})`, () => {
  let t: TestDatabase;
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await t.cleanup();
  });

  function folder(): string {
    const dir = mkdtempSync(join(tmpdir(), 'squares-backup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** A folder for the app with the trial's auth secret in ./data, as `npm start` leaves it. */
  function appFolder(): { dir: string; secret: string } {
    const dir = folder();
    const secret = randomBytes(32).toString('base64url');
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', '.auth-secret'), secret, { mode: 0o600 });
    return { dir, secret };
  }

  async function server(target: Target, cwd: string): Promise<ServerProcess> {
    // A first start beside a secret made by the test: the database file is new, not lost (design note 025).
    const fresh: Record<string, string> = target.settings.kind === 'sqlite' && !existsSync(target.settings.file) ? { START_FRESH: 'true' } : {};
    const running = await spawnServer({ DATABASE_URL: urlOf(target), MAX_HELD_SQUARES: '1000', ...fresh }, 60_000, cwd);
    cleanups.push(() => running.stop());
    return running;
  }

  /** `npm run backup` / `npm run restore` (their scripts), in `cwd`, on DATABASE_URL. */
  async function cli(name: 'backup' | 'restore', args: string[], cwd: string, target: Target): Promise<{ code: number | null; output: string }> {
    const entry = serverEntry(`src/server/backup/${name}-cli.ts`);
    const child = spawn(process.execPath, [...entry.args, ...args], {
      cwd,
      env: { ...entry.env, PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', DATABASE_URL: urlOf(target) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, output };
  }

  /** DATABASE_URL for the target: the file, or its database with the schema first in the search_path. */
  function urlOf(target: Target): string {
    if (target.settings.kind === 'sqlite') return target.settings.file;
    const url = new URL(target.settings.url);
    if (target.schema) url.searchParams.set('options', `-c search_path=${target.schema}`);
    return url.toString();
  }

  async function freshTarget(dir: string): Promise<Target> {
    if (sqlite) return { settings: { kind: 'sqlite', file: join(dir, 'data', 'squares.db') } };
    const name = `restore_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    return { settings: { kind: 'postgres', url: url.toString() }, schema: t.schema! };
  }

  async function open(target: Target): Promise<DatabaseHandle> {
    const handle = await openDatabase(target.settings, { ...(target.schema ? { schema: target.schema } : {}), maxConnections: 2 });
    cleanups.push(() => handle.close());
    return handle;
  }

  async function people(handle: DatabaseHandle, secret: string, count: number): Promise<Player[]> {
    const made: Player[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      await handle.raw
        .insertInto('user')
        .values(userRow(handle.kind, { id, email: `p${i}-${id.slice(0, 6)}@example.com`, username: `p${i}${id.slice(0, 6)}` }))
        .execute();
      const session = sessionRow(handle.kind, id, secret);
      await handle.raw.insertInto('session').values(session.row).execute();
      made.push({ id, cookie: session.cookie });
    }
    return made;
  }

  async function organizerGame(handle: DatabaseHandle, title: string): Promise<string> {
    const id = await insertGame(handle, { title });
    await handle.db.updateTable('games').set({ payment_method: 'organizer', payment_instructions: 'Cash to Sam' }).where('id', '=', id).execute();
    return id;
  }

  async function post(running: ServerProcess, path: string, cookie: string, body: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${running.url}${path}`, {
      method: 'POST',
      headers: { origin: running.url, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  async function get(running: ServerProcess, path: string, cookie?: string): Promise<any> {
    const res = await fetch(`${running.url}${path}`, { headers: cookie ? { cookie } : {} });
    expect(res.status, `GET ${path}`).toBe(200);
    return res.json();
  }

  /**
   * Players buying (card: the checkout, then the test card) and reserving (organizer collects)
   * squares one request after another, each on cells of their own, until stopped.
   */
  function writeLoad(running: ServerProcess, handle: DatabaseHandle, players: Player[], games: { id: string; card: boolean }[]) {
    let stopped = false;
    let writes = 0;
    const failures: string[] = [];
    // The games' cells in turn, so that every game is written to from the start.
    const cells = Array.from({ length: 100 }, (_, i) => games.map((game) => ({ game, x: Math.floor(i / 10), y: i % 10 }))).flat();
    const loops = players.map(async (player, p) => {
      for (const cell of cells.filter((_, i) => i % players.length === p)) {
        if (stopped) return;
        const created = await post(running, '/api/checkout', player.cookie, { cart: [cartOf(cell.game.id, [{ x: cell.x, y: cell.y }])] });
        if (created.status !== 201) {
          failures.push(`checkout ${created.status}: ${JSON.stringify(created.body)}`);
          continue;
        }
        if (cell.game.card) {
          const sessionId = await sessionIdOf(handle, created.body.checkout_id);
          const paid = await post(running, `/api/checkout/test/${sessionId}/pay`, player.cookie, {
            card_number: PAYS,
            expiry: '12/39',
            cvc: '123',
            name: 'Pat',
          });
          if (paid.status !== 200) failures.push(`pay ${paid.status}: ${JSON.stringify(paid.body)}`);
        }
        writes += 1;
      }
    });
    return {
      failures,
      get writes() {
        return writes;
      },
      async stop() {
        stopped = true;
        await Promise.all(loops);
      },
    };
  }

  async function until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Rows per table (migration bookkeeping aside). */
  async function counts(handle: DatabaseHandle): Promise<Record<string, number>> {
    const fingerprint = await databaseFingerprint(handle);
    return Object.fromEntries(Object.entries(fingerprint).map(([table, { rows }]) => [table, rows]));
  }

  async function checkConsistent(handle: DatabaseHandle, gameIds: string[]): Promise<void> {
    const connection = sqliteConnectionOf(handle.raw);
    if (connection) {
      expect(connection.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      expect(connection.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } else {
      // pg_dump adds the foreign keys after the rows, checked: a row without its parent fails the restore.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_constraint c join pg_namespace s on s.oid = c.connamespace
        where s.nspname = ${t.schema!} and c.contype = 'f' and c.convalidated`.execute(handle.raw);
      expect(rows[0]!.n).toBeGreaterThan(10);
    }
    for (const id of gameIds) await expectCountersMatch(handle, id);
  }

  it('a backup taken under write load restores into a fresh database: consistent, served, sessions kept', async () => {
    const source = appFolder();
    const running = await server(t, source.dir);
    const admin = (await people(t.handle, source.secret, 1))[0]!;
    await t.handle.db.updateTable('user').set({ isAdmin: true }).where('id', '=', admin.id).execute();
    const players = await people(t.handle, source.secret, 6);
    // More cells than the players fill while the backup runs: the load lasts until it is stopped.
    const games = [
      { id: await insertGame(t.handle, { title: 'Card Bowl' }), card: true },
      { id: await organizerGame(t.handle, 'Cash Bowl'), card: false },
      { id: await insertGame(t.handle, { title: 'Card Bowl II' }), card: true },
      { id: await organizerGame(t.handle, 'Cash Bowl II'), card: false },
    ];
    const gameIds = games.map((g) => g.id);

    const load = writeLoad(running, t.handle, players, games);
    await until(() => load.writes >= 12 || load.failures.length > 0);
    const before = await counts(t.handle);
    const writesBefore = load.writes;
    const backup = await cli('backup', ['--out', join(source.dir, 'backups', 'under-load')], source.dir, t);
    const writesDuring = load.writes - writesBefore;
    const after = await counts(t.handle);
    await load.stop();
    expect(load.failures).toEqual([]);
    expect(backup.output).toContain('The auth secret is in the backup (auth-secret)');
    expect(backup.code, backup.output).toBe(0);
    // The players went on buying while the command ran: the server took writes throughout.
    expect(writesDuring).toBeGreaterThan(0);

    const restoredDir = appFolder().dir;
    rmSync(join(restoredDir, 'data'), { recursive: true });
    const target = await freshTarget(restoredDir);
    const restore = await cli('restore', [join(source.dir, 'backups', 'under-load')], restoredDir, target);
    expect(restore.code, restore.output).toBe(0);
    expect(readFileSync(join(restoredDir, 'data', '.auth-secret'), 'utf8')).toBe(source.secret);

    const restored = await open(target);
    await checkConsistent(restored, gameIds);
    const got = await counts(restored);
    expect(Object.keys(got)).toEqual(Object.keys(before));
    for (const [table, rows] of Object.entries(got)) {
      expect(rows, table).toBeGreaterThanOrEqual(before[table]!);
      expect(rows, table).toBeLessThanOrEqual(after[table]!);
    }

    // The app starts on it with the restored secret: the sessions of before still sign in.
    const again = await server(target, restoredDir);
    const me = await get(again, '/api/me', players[0]!.cookie);
    expect(me.user.id).toBe(players[0]!.id);
    for (const { id } of games) {
      const board = await get(again, `/api/games/${id}/board`, players[0]!.cookie);
      const owned = await restored.db.selectFrom('squares').select('id').where('game_id', '=', id).execute();
      expect(board.squares).toHaveLength(owned.length);
      expect(board.squares.length).toBeGreaterThan(0);
    }

    // Not under a running server; not over data without --force.
    const refused = await cli('restore', [join(source.dir, 'backups', 'under-load')], restoredDir, target);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      sqlite ? /is open in another process: stop Squares Pool/ : /other connection\(s\) to this database are open: stop Squares Pool/,
    );
    await again.stop();
    await restored.close();
    const overData = await cli('restore', [join(source.dir, 'backups', 'under-load')], restoredDir, target);
    expect(overData.code).toBe(1);
    expect(overData.output).toMatch(/already holds data \(\d+ rows in \d+ tables\)\. Restoring replaces it: run the restore again with --force/);

    // Quiet now: a backup restored (over the first, --force) is the source row for row.
    const quiet = await cli('backup', ['--out', join(source.dir, 'backups', 'quiet')], source.dir, t);
    expect(quiet.code, quiet.output).toBe(0);
    const forced = await cli('restore', [join(source.dir, 'backups', 'quiet'), '--force'], restoredDir, target);
    expect(forced.code, forced.output).toBe(0);
    if (sqlite) expect(readdirSync(join(restoredDir, 'data')).some((f) => f.startsWith('squares.db.before-restore-'))).toBe(true);
    const second = await open(target);
    expect(await databaseFingerprint(second)).toEqual(await databaseFingerprint(t.handle));
    await checkConsistent(second, gameIds);
  }, 180_000);

  it.runIf(sqlite)(
    'holds what is still in the WAL, which a plain copy of the file misses',
    async () => {
      const source = appFolder();
      const file = join(source.dir, 'data', 'squares.db');
      const target: Target = { settings: { kind: 'sqlite', file } };
      const running = await server(target, source.dir);
      const handle = await open(target);
      const [player] = await people(handle, source.secret, 1);
      const gameId = await organizerGame(handle, 'WAL Bowl');
      const cells = [0, 1, 2, 3, 4].map((y) => ({ x: 2, y }));
      expect((await post(running, '/api/checkout', player!.cookie, { cart: [cartOf(gameId, cells)] })).status).toBe(201);

      // No checkpoint yet: the rows are in the WAL, not in the file.
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
      const plain = join(source.dir, 'plain-copy.db');
      copyFileSync(file, plain);
      expect(squaresIn(plain, gameId)).toBeLessThan(cells.length);

      const backup = await cli('backup', ['--out', join(source.dir, 'backup')], source.dir, target);
      expect(backup.code, backup.output).toBe(0);
      expect(squaresIn(join(source.dir, 'backup', 'squares.db'), gameId)).toBe(cells.length);
      expect(existsSync(join(source.dir, 'backup', 'squares.db-wal'))).toBe(false);
    },
    90_000,
  );

  it('a start logs each migration it applies, backs a SQLite database up first, and refuses a database of a newer version', async () => {
    await olderDatabase(t, '009_invite_only');
    const app = appFolder();
    const backups = join(app.dir, 'backups');
    const running = await spawnServer({ DATABASE_URL: urlOf(t), BACKUP_DIR: backups }, 60_000, app.dir);
    const log = running.tail(400);
    await running.stop();
    for (const name of Object.keys(migrations(t.handle.kind)).slice(9)) expect(log).toContain(`"msg":"migration ${name} applied"`);
    if (sqlite) {
      const [made] = readdirSync(backups);
      expect(log).toContain(`"msg":"backed up the database before upgrading: ${join(backups, made!)}"`);
      expect(readManifest(join(backups, made!)).database.migrations).toHaveLength(9);
    }

    const table = t.schema ? sql.id(t.schema, 'kysely_migration') : sql.id('kysely_migration');
    await sql`insert into ${table} (name, timestamp) values ('099_from_the_future', ${new Date().toISOString()})`.execute(t.handle.raw);
    await expect(spawnServer({ DATABASE_URL: urlOf(t), BACKUP_DIR: backups }, 60_000, app.dir)).rejects.toThrow(
      /Squares Pool failed to start: This database was upgraded by a newer version of Squares Pool \(migration 099_from_the_future\)/,
    );
  }, 120_000);

  /** Squares of a game in a database file (0 where the file does not even have the table). */
  function squaresIn(file: string, gameId: string): number {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return (db.prepare('select count(*) as n from squares where game_id = ?').get(gameId) as { n: number }).n;
    } catch (err) {
      if (/no such table/.test(String(err))) return 0;
      throw err;
    } finally {
      db.close();
    }
  }

  /** Settings on the target, with a new BACKUP_DIR. */
  const settingsOf = (target: Target, extra: Record<string, string> = {}) =>
    parseSettings({ NODE_ENV: 'test', DATABASE_URL: urlOf(target), BACKUP_DIR: folder(), ...extra });

  describe('says what is wrong', () => {
    async function aBackup(): Promise<string> {
      await migrate(t.handle, parseSettings({ NODE_ENV: 'test' }), TEST_SECRET);
      const { dir } = await takeBackup(settingsOf(t, { AUTH_SECRET: TEST_SECRET }));
      return dir;
    }

    it('a missing folder, a folder that is no backup, a damaged file, the other kind of database, a newer version', async () => {
      const dir = await aBackup();
      const target = await freshTarget(folder());
      const restore = (from: string) => restoreBackup(settingsOf(target, { AUTH_SECRET: TEST_SECRET }), { from, dataDir: folder() });

      await expect(restore(join(dir, 'nope'))).rejects.toThrow(`No backup at ${join(dir, 'nope')}.`);
      const empty = folder();
      await expect(restore(empty)).rejects.toThrow(`${empty} is not a Squares Pool backup: it has no manifest.json.`);

      const newer = folder();
      for (const f of readdirSync(dir)) copyFileSync(join(dir, f), join(newer, f));
      const manifest = readManifest(newer);
      writeFileSync(
        join(newer, 'manifest.json'),
        JSON.stringify({ ...manifest, app_version: '9.0.0', database: { ...manifest.database, migrations: [...manifest.database.migrations, '099_future'] } }),
      );
      await expect(restore(newer)).rejects.toThrow(
        'This backup was taken by a newer version of Squares Pool (9.0.0; migration 099_future), which this version (0.1.0) does not know: restore it with version 9.0.0 or newer.',
      );

      appendFileSync(join(newer, manifest.database.file), 'x');
      await expect(restore(newer)).rejects.toThrow(/is damaged: .* is not the file that was backed up/);

      const otherKind: Target = sqlite
        ? { settings: { kind: 'postgres', url: TEST_DATABASE_URL } }
        : { settings: { kind: 'sqlite', file: join(folder(), 'x.db') } };
      await expect(restoreBackup(settingsOf(otherKind), { from: dir })).rejects.toThrow(
        sqlite
          ? 'This backup is of a sqlite database and DATABASE_URL names a postgres one: set DATABASE_URL to a SQLite file to restore it'
          : 'This backup is of a postgres database and DATABASE_URL names a sqlite one: set DATABASE_URL to a postgres:// URL to restore it',
      );

      // The good one restores, and says the sessions need the AUTH_SECRET of before.
      const lines = await restoreBackup(settingsOf(target), { from: dir, dataDir: folder() });
      expect(lines.at(-1)).toBe(
        'Warning: the backup was signed with AUTH_SECRET from the environment, which is not set here: set it as it was (from your .env backup), or everyone must sign in again.',
      );
    });

    it('no auth secret, no database: nothing is written', async () => {
      await migrate(t.handle, parseSettings({ NODE_ENV: 'test' }), TEST_SECRET);
      const settings = settingsOf(t);
      await expect(takeBackup(settings, { dataDir: join(folder(), 'data') })).rejects.toThrow(
        /^No auth secret: AUTH_SECRET is not set and .*\.auth-secret does not exist/,
      );
      expect(readdirSync(settings.BACKUP_DIR)).toEqual([]);
      if (sqlite) {
        const missing = join(folder(), 'missing.db');
        await expect(takeBackup(settingsOf({ settings: { kind: 'sqlite', file: missing } }, { AUTH_SECRET: TEST_SECRET }))).rejects.toThrow(
          `No SQLite database at ${missing}: is DATABASE_URL right`,
        );
        expect(existsSync(missing)).toBe(false);
      }
    });

    it('a backup is owner-only whatever the umask: BACKUP_DIR and the backup 0700, every file 0600; a restore of a looser backup too', async () => {
      await migrate(t.handle, parseSettings({ NODE_ENV: 'test' }), TEST_SECRET);
      const data = join(folder(), 'data');
      mkdirSync(data);
      writeFileSync(join(data, '.auth-secret'), 'a-trial-secret', { mode: 0o600 });
      const backups = join(folder(), 'backups');
      const umask = process.umask(0o022);
      try {
        const { dir } = await takeBackup(settingsOf(t, { BACKUP_DIR: backups }), { dataDir: data });
        const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
        expect([modeOf(backups), modeOf(dir)]).toEqual(['700', '700']);
        const files = readdirSync(dir);
        expect(files).toEqual(expect.arrayContaining(['manifest.json', 'auth-secret', sqlite ? 'squares.db' : 'database.sql']));
        expect(files.map((f) => `${f} ${modeOf(join(dir, f))}`)).toEqual(files.map((f) => `${f} 600`));

        if (sqlite) {
          // A backup copied with looser modes (an older version's) restores owner-only.
          const file = join(dir, 'squares.db');
          chmodSync(file, 0o644);
          const target = await freshTarget(folder());
          await restoreBackup(settingsOf(target), { from: dir, dataDir: join(folder(), 'restored') });
          const restored = (target.settings as { file: string }).file;
          expect([modeOf(join(restored, '..')), modeOf(restored)]).toEqual(['700', '600']);
          // Restored again over a database holding data, with looser modes: the one kept beside it is owner-only too.
          const held = new DatabaseSync(restored);
          held.exec('create table kept (x integer); insert into kept values (1)');
          held.close();
          chmodSync(restored, 0o644);
          const now = new Date('2026-12-07T02:00:00Z');
          await restoreBackup(settingsOf(target), { from: dir, dataDir: join(folder(), 'restored'), force: true, now });
          const kept = readdirSync(join(restored, '..')).find((f) => f.startsWith('squares.db.before-restore-'))!;
          expect([modeOf(restored), modeOf(join(restored, '..', kept))]).toEqual(['600', '600']);
        }
      } finally {
        process.umask(umask);
      }
    });
  });

  it.runIf(sqlite)('an upgrade backs the database up first; going back is restoring that backup and running the older version', async () => {
    const older = Object.fromEntries(Object.entries(migrations('sqlite')).slice(0, 9));
    const target: Target = { settings: { kind: 'sqlite', file: join(folder(), 'squares.db') } };
    let handle = await openDatabase(target.settings);
    cleanups.push(() => handle.close());
    await olderDatabase({ handle }, '009_invite_only');
    const settings = settingsOf(target, { AUTH_SECRET: TEST_SECRET });
    const lines: string[] = [];
    const report = await migrateWithBackup(handle, settings, TEST_SECRET, { info: (_obj, msg) => void lines.push(msg) });
    expect(report.applied).toEqual(Object.keys(migrations('sqlite')).slice(9));
    const [made] = readdirSync(settings.BACKUP_DIR);
    expect(made).toMatch(/^squares-.*-before-upgrade$/);
    expect(lines[0]).toBe(`backed up the database before upgrading: ${join(settings.BACKUP_DIR, made!)}`);
    expect(lines.slice(1)).toEqual(report.applied.map((name) => `migration ${name} applied`));
    const manifest = readManifest(join(settings.BACKUP_DIR, made!));
    expect(manifest.database.migrations).toEqual(Object.keys(older));
    expect(manifest.reason).toBe(`before upgrading to 0.1.0 (${report.applied.join(', ')})`);

    // The older version refuses the upgraded database and says how to go back...
    await expect(migrate(handle, settings, TEST_SECRET, { migrations: older })).rejects.toThrow(
      `upgraded by a newer version of Squares Pool (migration ${report.applied.join(', ')})`,
    );
    // ...and runs on the restored backup (restoring wants the database closed).
    await handle.close();
    await restoreBackup(settings, { from: join(settings.BACKUP_DIR, made!), force: true });
    handle = await openDatabase(target.settings);
    expect(await migrate(handle, settings, TEST_SECRET, { migrations: older })).toEqual({ authChanges: 0, applied: [] });
  });
});
