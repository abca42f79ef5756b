import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../support/app';
import { testDbKind } from '../support/db';
import { spawnServer } from '../support/server-process';

/**
 * Issue 24: a start that would open an empty database in place of a lost one stops with a clear
 * message (the real server, src/server/main.ts, as a process of its own).
 */
describe('a start that would lose data is refused', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'squares-missing-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(testDbKind === 'sqlite')('a missing database file beside this install’s auth secret stops the start; START_FRESH=true starts afresh', async () => {
    const file = join(dir, 'squares.db');
    writeFileSync(join(dir, '.auth-secret'), 'a-secret-from-an-earlier-run', { mode: 0o600 });
    const env = { DATABASE_URL: file, AUTH_SECRET: TEST_SECRET };
    const refused = await spawnServer(env).then(
      (server) => server.kill().then(() => 'it started'),
      (err: Error) => err.message,
    );
    expect(refused).toContain(
      `Squares Pool cannot start. The database file ${file} is missing but this install has an auth secret (${join(dir, '.auth-secret')}): ` +
        'restore your backup (npm run restore) or start afresh with START_FRESH=true (or npm start -- --fresh).',
    );
    expect(existsSync(file)).toBe(false);

    const server = await spawnServer({ ...env, START_FRESH: 'true' });
    try {
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(existsSync(file)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('a PostgreSQL URL without a database name stops the start, naming the setting', async () => {
    const message = await spawnServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432' }).then(
      (server) => server.kill().then(() => 'it started'),
      (err: Error) => err.message,
    );
    expect(message).toContain('DATABASE_URL: must name the database, for example postgres://user:pass@127.0.0.1:5432/squares');
  });
});
