import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../support/db';
import { spawnServer } from '../support/server-process';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/**
 * `npm start`'s own path (src/server/main.ts as a process): an install whose files other accounts
 * could read is made owner-only at start, said once in the log, and what it writes is owner-only.
 */
describe.runIf(testDbKind === 'sqlite')('a start makes the install owner-only, whatever the umask', () => {
  let dir: string;
  let umask: number;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'squares-modes-'));
    // The child inherits it: files made without a mode of their own would be readable by all.
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
    rmSync(dir, { recursive: true, force: true });
  });

  it('loose modes are tightened and logged once; the database, its WAL and the backups are owner-only', async () => {
    const data = join(dir, 'data');
    const backup = join(dir, 'backups', 'squares-2026-01-01');
    mkdirSync(data, { mode: 0o755 });
    mkdirSync(backup, { recursive: true, mode: 0o755 });
    chmodSync(join(dir, 'backups'), 0o755);
    writeFileSync(join(data, '.auth-secret'), 'a-secret-from-an-earlier-run', { mode: 0o644 });
    writeFileSync(join(backup, 'manifest.json'), '{}', { mode: 0o644 });
    const env = { DATABASE_URL: './data/squares.db', BACKUP_DIR: './backups', START_FRESH: 'true' };
    const tightened = (lines: string[]) => lines.filter((line) => line.includes("of the app's files and folders: they are owner-only now"));

    const first = await spawnServer(env, 60_000, dir);
    try {
      expect((await fetch(`${first.url}/api/health/ready`)).status).toBe(200);
      expect(tightened(first.warnings)).toHaveLength(1);
      const paths = (JSON.parse(tightened(first.warnings)[0]!) as { paths: string[] }).paths;
      expect(paths.sort()).toEqual([data, join(data, '.auth-secret'), join(dir, 'backups'), backup, join(backup, 'manifest.json')].sort());
      const file = join(data, 'squares.db');
      const files = [file, `${file}-wal`, `${file}-shm`, join(data, '.auth-secret'), join(backup, 'manifest.json')];
      expect(files.map((f) => `${f} ${modeOf(f)}`)).toEqual(files.map((f) => `${f} 600`));
      expect([modeOf(data), modeOf(join(dir, 'backups')), modeOf(backup)]).toEqual(['700', '700', '700']);
    } finally {
      await first.stop();
    }

    const again = await spawnServer(env, 60_000, dir);
    await again.stop();
    expect(tightened(again.warnings)).toEqual([]);
  });
});
