import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawRecord, DrawVerification } from '@core/api/draws';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertUser } from '../../../tests/support/fixtures';
import { sellSquares } from '../../../tests/support/game-day';
import { ok, send } from '../../../tests/support/request';
import { type TestAccount, testAccount } from '../../../tests/support/accounts';
import { recordUrl, verifyDrawCommand } from './verify-draw';

describe(`draw record and npm run verify-draw (D38, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let dir: string;
  let gameId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await testAccount(t, { prefix: 'admin', admin: true });
    dir = await mkdtemp(join(tmpdir(), 'verify-draw-'));
    const owners = [(await insertUser(t.db.handle)).id, (await insertUser(t.db.handle)).id];
    const res = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: { title: 'Check Bowl', team_a: 'A', team_b: 'B', price_per_square: 5, game_type: 'nfl', payout_schedule: 'even', number_sets: 'halftime' },
    });
    gameId = (res.json() as { game: { id: string } }).game.id;
    await sellSquares(t.db.handle, gameId, (x, y) => owners[(x * y) % 2]!);
    await ok(t.app, 'POST', `/api/admin/games/${gameId}/numbers/randomize`, admin.cookie, {});
    await ok(t.app, 'PUT', `/api/admin/games/${gameId}/numbers/visibility`, admin.cookie, { revealed: true });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  /** fetch() served by the app in-process (no network). */
  const appFetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const res = await t.app.inject({ method: 'GET', url: url.pathname });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

  const record = () => ok<DrawRecord>(t.app, 'GET', `/api/games/${gameId}/draw-record`, undefined);

  async function verifyFile(value: unknown) {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify(value));
    return verifyDrawCommand(file);
  }

  it('maps a game page to its draw record', () => {
    expect(recordUrl('https://squares.example.com/game/abc-123?x=1')).toBe('https://squares.example.com/api/games/abc-123/draw-record');
  });

  it('set 2 waits for the secret seed; once Q2 is confirmed both sets verify from the page URL', async () => {
    const before = await verifyDrawCommand(`http://127.0.0.1/game/${gameId}`, appFetch);
    expect(before).toEqual({ ok: true, lines: [`Game ${gameId}: 1 set(s)`, 'Set 1: not drawn or not published yet'] });
    for (const period of [1, 2]) {
      await ok(t.app, 'PUT', `/api/admin/games/${gameId}/periods/${period}`, admin.cookie, { team_a_score: period * 7, team_b_score: 3 });
    }
    const after = await verifyDrawCommand(`http://127.0.0.1/game/${gameId}`, appFetch);
    expect(after).toEqual({ ok: true, lines: [`Game ${gameId}: 2 set(s)`, 'Set 1: verified', 'Set 2: verified'] });
    expect((await verifyFile(await record())).ok).toBe(true);
    // The verify page's answer: the same check, on the server, from the record alone.
    const page = await ok<DrawVerification>(t.app, 'GET', `/api/games/${gameId}/draw-verification`, undefined);
    expect(page.sets).toEqual([
      { set: 1, status: 'verified', problems: [] },
      { set: 2, status: 'verified', problems: [] },
    ]);
    expect(page.record).toEqual(await record());
  });

  it('refuses swapped digits, a changed board, a changed ticket ordinal and a wrong seed', async () => {
    const good = await record();
    const set1 = good.sets[0]!;
    const swapped = { ...good, sets: [{ ...set1, x_axis_numbers: [...set1.x_axis_numbers!].reverse() }, good.sets[1]] };
    // The first square shown unsold: the board is not the one the ticket hashed.
    const board = { ...good, board: { ...good.board, owners: [null, ...good.board.owners.slice(1)] } };
    const ordinal = { ...good, sets: [{ ...set1, round: 7 }, good.sets[1]] };
    const seed = { ...good, sets: good.sets.map((set) => ({ ...set, revealed_seed: '0'.repeat(64) })) };
    const swappedResult = await verifyFile(swapped);
    expect(swappedResult.ok).toBe(false);
    expect(swappedResult.lines).toContain('Set 1: DOES NOT MATCH');
    expect(swappedResult.lines).toContain('Set 2: verified');
    const boardResult = await verifyFile(board);
    expect(boardResult.ok).toBe(false);
    expect(boardResult.lines.join('\n')).toMatch(/the published board hashes to/);
    expect((await verifyFile(ordinal)).lines.join('\n')).toMatch(/row digits should be/);
    expect((await verifyFile(seed)).lines.join('\n')).toMatch(/the seed hashes to/);
    expect((await verifyFile({ nonsense: true })).ok).toBe(false);
  });
});
