import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_GONE } from '@core/messages';
import { openDatabase } from '../../src/server/db/connection';
import { TEST_SECRET } from '../support/app';
import { testDbKind } from '../support/db';
import { spawnServer } from '../support/server-process';
import { sessionRow, userRow } from '../support/session-rows';

/**
 * The real server (src/server/main.ts, as a process of its own): a start that would open an empty
 * database in place of a lost one stops with a clear message, and a write into a database file
 * that is gone while serving is refused instead of being lost.
 */
describe('what would lose data is refused', () => {
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

  it.runIf(testDbKind === 'sqlite')(
    'a database file deleted while serving: every write answers 503 and says why once in the log, reads go on; a file moved back takes writes again',
    async () => {
      const file = join(dir, 'serving.db');
      const server = await spawnServer({ DATABASE_URL: file, AUTH_SECRET: TEST_SECRET, START_FRESH: 'true' });
      try {
        // An organizer with a session, written beside the running server (WAL lets two processes share the file).
        const handle = await openDatabase({ kind: 'sqlite', file });
        const id = crypto.randomUUID();
        const session = sessionRow('sqlite', id, TEST_SECRET);
        try {
          await handle.raw
            .insertInto('user')
            .values(userRow('sqlite', { id, email: 'org@example.com', username: 'org', isAdmin: true }))
            .execute();
          await handle.raw.insertInto('session').values(session.row).execute();
        } finally {
          await handle.close();
        }
        const createGame = () =>
          fetch(`${server.url}/api/admin/games`, {
            method: 'POST',
            headers: { cookie: session.cookie, origin: server.url, 'content-type': 'application/json' },
            body: JSON.stringify({
              title: 'Office Pool',
              team_a: 'Lions',
              team_b: 'Bears',
              price_per_square: 10,
              payment_method: 'organizer',
              payment_instructions: 'Cash',
            }),
          });
        const refusals = () => server.warnings.filter((line) => line.includes('writes are refused (503)'));
        expect((await createGame()).status).toBe(201);

        // The operator's slip: the file is moved away (deleting it is the same to the open connection).
        renameSync(file, `${file}.moved`);
        for (let i = 0; i < 3; i += 1) {
          const refused = await createGame();
          expect(refused.status).toBe(503);
          expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
            code: 'DATABASE_UNAVAILABLE',
            message: DATABASE_GONE,
          });
        }
        // Sign-in and reset links are GETs that write: refused too; the session read is not.
        expect((await fetch(`${server.url}/api/auth/verify-email?token=x`)).status).toBe(503);
        expect((await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: session.cookie } })).status).toBe(200);
        const games = await fetch(`${server.url}/api/games`);
        expect(games.status).toBe(200);
        expect(((await games.json()) as { games: { title: string }[] }).games.map((g) => g.title)).toEqual(['Office Pool']);
        expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(503);
        await expect.poll(() => refusals().length).toBe(1);
        expect(refusals()[0]).toContain(`the database file ${file} is gone`);

        // Moved back: the same file, so what is written now is kept.
        renameSync(`${file}.moved`, file);
        expect((await createGame()).status).toBe(201);
        await expect.poll(() => server.tail(400).includes('the database file is back: writes are accepted again')).toBe(true);
        expect(refusals()).toHaveLength(1);
      } finally {
        await server.stop();
      }
    },
  );
});
