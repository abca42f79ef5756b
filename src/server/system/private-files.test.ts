import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../auth/secret';
import { parseSettings } from '../config';
import { openDatabase } from '../db/connection';
import { tightenInstall } from './private-files';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const modesOf = (paths: string[]) => paths.map((path) => `${path} ${modeOf(path)}`);

/** Owner-only files (docs/SECURITY.md): under a umask that would make them readable by every account. */
describe('the files the app writes are owner-only, whatever the umask', () => {
  let dir: string;
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'squares-private-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a new SQLite database: its folder 0700, the file and its WAL and shared-memory files 0600', async () => {
    const file = join(dir, 'data', 'squares.db');
    const handle = await openDatabase({ kind: 'sqlite', file });
    try {
      await sql`create table t (x integer)`.execute(handle.raw);
      await sql`insert into t values (1)`.execute(handle.raw);
      expect(modesOf([join(dir, 'data'), file, `${file}-wal`, `${file}-shm`])).toEqual([
        `${join(dir, 'data')} 700`,
        `${file} 600`,
        `${file}-wal 600`,
        `${file}-shm 600`,
      ]);
    } finally {
      await handle.close();
    }
  });

  it("a trial's new auth secret: its folder 0700, the file 0600", () => {
    const data = join(dir, 'data');
    resolveAuthSecret(parseSettings({ NODE_ENV: 'test' }), data);
    expect(modesOf([data, join(data, '.auth-secret')])).toEqual([`${data} 700`, `${join(data, '.auth-secret')} 600`]);
  });

  it("an existing install's looser modes are tightened at start and named once; other folders and files are left alone", () => {
    const data = join(dir, 'data');
    const file = join(data, 'squares.db');
    const backups = join(dir, 'backups');
    const backup = join(backups, 'squares-2026-01-01');
    const other = join(backups, 'holiday-photos');
    for (const folder of [data, backup, other]) mkdirSync(folder, { recursive: true, mode: 0o755 });
    for (const path of [file, `${file}-wal`, join(data, '.auth-secret'), join(backup, 'manifest.json'), join(backup, 'squares.db'), join(other, 'beach.jpg')])
      writeFileSync(path, 'x', { mode: 0o644 });
    chmodSync(backups, 0o755);
    const install = { sqliteFile: file, authSecretFile: join(data, '.auth-secret'), backupDir: backups, backupMarker: 'manifest.json' };

    const loose = tightenInstall(install);
    expect(loose.sort()).toEqual(
      [data, file, `${file}-wal`, join(data, '.auth-secret'), backups, backup, join(backup, 'manifest.json'), join(backup, 'squares.db')].sort(),
    );
    expect(modesOf(loose)).toEqual(loose.map((path) => `${path} ${statSync(path).isDirectory() ? '700' : '600'}`));
    expect(modesOf([other, join(other, 'beach.jpg')])).toEqual([`${other} 755`, `${join(other, 'beach.jpg')} 644`]);

    // Said once: a second start finds nothing to tighten.
    expect(tightenInstall(install)).toEqual([]);
  });

  it('a shared folder (sticky, like /tmp) holding the database is not closed; the file is', async () => {
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const file = join(shared, 'squares.db');
    writeFileSync(file, '', { mode: 0o644 });
    expect(
      tightenInstall({ sqliteFile: file, authSecretFile: join(dir, 'none', '.auth-secret'), backupDir: join(dir, 'none'), backupMarker: 'manifest.json' }),
    ).toEqual([file]);
    expect(modesOf([file])).toEqual([`${file} 600`]);
    expect((statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    // And a database opened there is still created owner-only.
    const handle = await openDatabase({ kind: 'sqlite', file: join(shared, 'new.db') });
    await handle.close();
    expect(modeOf(join(shared, 'new.db'))).toBe('600');
  });
});
