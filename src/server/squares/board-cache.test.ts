import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertGame, insertUser } from '../../../tests/support/fixtures';
import { memoryGameEvents } from '../realtime/memory-events';
import { sharedExpiringCache } from './board-cache';
import { squaresRepository } from './squares.repository';
import { squaresService, VISITOR_BOARD_TTL_MS } from './squares.service';

describe('sharedExpiringCache', () => {
  it('shares one load per key until it expires or is invalidated', async () => {
    let now = 0;
    const cache = sharedExpiringCache<number>(1000, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
    cache.invalidate('a');
    expect(await cache.get('a', load)).toBe(3);
    expect(await cache.get('b', load)).toBe(4);
  });

  it('does not keep a failed load, and a load that started before an invalidation is not kept', async () => {
    const cache = sharedExpiringCache<string>(1000, () => 0);
    await expect(cache.get('a', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(cache.size).toBe(0);

    let release!: (value: string) => void;
    const slow = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate('a');
    const fresh = cache.get('a', async () => 'after the change');
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(await fresh).toBe('after the change');
    expect(await cache.get('a', async () => 'not loaded')).toBe('after the change');
  });
});

describe(`visitors' shared board (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is read once per game until a change is published or a second has passed; signed-in viewers always read', async () => {
    let now = Date.parse('2026-02-08T18:00:00.000Z');
    const events = memoryGameEvents();
    const service = squaresService(squaresRepository(t.db.handle.db), { events, now: () => new Date(now) });
    const owner = await insertUser(t.db.handle);
    const gameId = await insertGame(t.db.handle);
    const claim = (x: number) =>
      t.db.handle.db
        .insertInto('squares')
        .values({ id: randomUUID(), game_id: gameId, x, y: 0, user_id: owner.id, status: 'claimed', checkout_id: null, hold_expires_at: null, claimed_at: new Date(now).toISOString() })
        .execute();

    const first = await service.board(gameId, null);
    expect(first.squares).toHaveLength(0);
    await claim(1);
    expect(await service.board(gameId, null)).toBe(first);
    expect((await service.board(gameId, { id: owner.id, isAdmin: false })).squares).toHaveLength(1);

    events.publish({ game_id: gameId, reason: 'squares' });
    const second = await service.board(gameId, null);
    expect(second.squares).toHaveLength(1);

    await claim(2);
    now += VISITOR_BOARD_TTL_MS - 1;
    expect(await service.board(gameId, null)).toBe(second);
    now += 1;
    expect((await service.board(gameId, null)).squares).toHaveLength(2);
  });

  it('is off with a time limit of 0', async () => {
    const service = squaresService(squaresRepository(t.db.handle.db), { events: memoryGameEvents(), visitorBoardTtlMs: 0 });
    const gameId = await insertGame(t.db.handle);
    expect(await service.board(gameId, null)).not.toBe(await service.board(gameId, null));
  });
});
