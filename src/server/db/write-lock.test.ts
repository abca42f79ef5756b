import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { startCheckout } from '../../../tests/support/checkout';
import { testDbKind } from '../../../tests/support/db';
import { insertGame } from '../../../tests/support/fixtures';
import { testAccount } from '../../../tests/support/accounts';

const FREEZER = fileURLToPath(new URL('../../../tests/support/freeze-child.ts', import.meta.url));

/** Another process holds the app's write locks for `ms`; resolves once it holds them, with a promise of its release. */
async function frozenByAnotherProcess(t: TestApp, ms: number): Promise<{ released: Promise<number> }> {
  const settings = t.db.settings;
  const child = spawn(process.execPath, ['--import', 'tsx', FREEZER], {
    env: {
      ...process.env,
      FREEZE_MS: String(ms),
      FREEZE_KIND: settings.kind,
      ...(settings.kind === 'sqlite' ? { FREEZE_FILE: settings.file } : { FREEZE_URL: settings.url, FREEZE_SCHEMA: t.db.schema ?? '' }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let releasedAt = 0;
  const released = new Promise<number>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve(releasedAt) : reject(new Error(`freezer exited ${code}`))));
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('frozen')) resolve();
      if (out.includes('released') && releasedAt === 0) releasedAt = Date.now();
    });
    child.on('exit', (code) => reject(new Error(`freezer exited ${code} before freezing`)));
  });
  return { released };
}

describe(`a write lock held for a moment by another process (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a checkout waits for it and succeeds: no "database is locked", no 500', async () => {
    const gameId = await insertGame(t.db.handle);
    const buyer = await testAccount(t, { prefix: 'buyer' });
    // Longer than the transaction retries' few quick attempts (about 100 ms in all).
    const freeze = await frozenByAnotherProcess(t, 600);
    const started = await startCheckout(t.app, buyer, [{ game_id: gameId, game_title: 'Test Bowl', price_per_square: 10, squares: [{ x: 2, y: 3 }] }]);
    expect(started.statusCode, started.body).toBe(201);
    const releasedAt = await freeze.released;
    expect(releasedAt).toBeGreaterThan(0);
    const held = await t.db.handle.db.selectFrom('squares').select(['x', 'y', 'status']).where('game_id', '=', gameId).execute();
    expect(held).toEqual([{ x: 2, y: 3, status: 'held' }]);
  });
});
