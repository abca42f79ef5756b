import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertGame, insertUser } from '../../../tests/support/fixtures';
import { memoryGameEvents } from '../realtime/memory-events';
import { systemClock } from '../service-deps';
import { sharedExpiringCache } from './board-cache';
import { boardJson } from './board-json';
import { squaresRepository } from './squares.repository';
import { SHARED_BOARD_TTL_MS, squaresService } from './squares.service';

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

describe(`the shared board (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The repository, counting the board's squares reads. */
  function countingRepo() {
    const repo = squaresRepository(t.db.handle.db);
    const counted = { ...repo, reads: 0 };
    counted.boardSquares = (gameId, at) => {
      counted.reads += 1;
      return repo.boardSquares(gameId, at);
    };
    return counted;
  }

  it('is read once per game until a change is published or a second has passed', async () => {
    let now = Date.parse('2026-02-08T18:00:00.000Z');
    const events = memoryGameEvents();
    const service = squaresService({ repo: squaresRepository(t.db.handle.db), events, clock: () => new Date(now) });
    const owner = await insertUser(t.db.handle);
    const gameId = await insertGame(t.db.handle);
    const claim = (x: number) =>
      t.db.handle.db
        .insertInto('squares')
        .values({
          id: randomUUID(),
          game_id: gameId,
          x,
          y: 0,
          user_id: owner.id,
          status: 'claimed',
          checkout_id: null,
          hold_expires_at: null,
          claimed_at: new Date(now).toISOString(),
        })
        .execute();

    const first = await service.board(gameId, null);
    expect(first.squares).toHaveLength(0);
    await claim(1);
    expect(await service.board(gameId, null)).toBe(first);
    expect((await service.board(gameId, { id: owner.id, isAdmin: false })).squares).toHaveLength(0);
    expect((await service.board(gameId, { id: owner.id, isAdmin: true })).squares).toHaveLength(1);

    events.publish({ game_id: gameId, reason: 'squares' });
    const second = await service.board(gameId, null);
    expect(second.squares).toHaveLength(1);

    await claim(2);
    now += SHARED_BOARD_TTL_MS - 1;
    expect(await service.board(gameId, null)).toBe(second);
    now += 1;
    expect((await service.board(gameId, null)).squares).toHaveLength(2);
  });

  it('is the one read behind players too, each seeing their own squares as theirs; admins read their own', async () => {
    const repo = countingRepo();
    const service = squaresService({ repo, events: memoryGameEvents(), clock: systemClock });
    const [alice, bob, carol] = await Promise.all([insertUser(t.db.handle), insertUser(t.db.handle), insertUser(t.db.handle)]);
    const gameId = await insertGame(t.db.handle);
    const squares: Array<[string, number, number]> = [
      [alice.id, 0, 0],
      [bob.id, 0, 1],
      [alice.id, 4, 4],
    ];
    for (const [user, x, y] of squares) {
      await t.db.handle.db
        .insertInto('squares')
        .values({
          id: randomUUID(),
          game_id: gameId,
          x,
          y,
          user_id: user,
          status: 'claimed',
          checkout_id: null,
          hold_expires_at: null,
          claimed_at: new Date().toISOString(),
        })
        .execute();
    }

    const [visitor, aliceView, bobView, carolView] = await Promise.all([
      service.board(gameId, null),
      service.board(gameId, { id: alice.id, isAdmin: false }),
      service.board(gameId, { id: bob.id, isAdmin: false }),
      service.board(gameId, { id: carol.id, isAdmin: false }),
    ]);
    expect(repo.reads).toBe(1);
    const mine = (view: typeof visitor) => view.squares.filter((s) => s.mine).map((s) => [s.x, s.y]);
    expect(mine(visitor)).toEqual([]);
    expect(mine(aliceView)).toEqual([
      [0, 0],
      [4, 4],
    ]);
    expect(mine(bobView)).toEqual([[0, 1]]);
    // A player without squares here gets the shared board itself.
    expect(carolView).toBe(visitor);
    // Marking one viewer's squares never touches the shared copy.
    expect(mine(await service.board(gameId, null))).toEqual([]);
    for (const view of [aliceView, bobView]) {
      expect({ ...view, squares: view.squares.map((s) => ({ ...s, mine: false })) }).toEqual(visitor);
      expect(JSON.parse(boardJson(view).toString())).toEqual(view);
    }
    expect(JSON.parse(boardJson(visitor).toString())).toEqual(visitor);
    expect(repo.reads).toBe(1);

    const adminView = await service.board(gameId, { id: alice.id, isAdmin: true });
    expect(repo.reads).toBe(2);
    expect(mine(adminView)).toEqual([
      [0, 0],
      [4, 4],
    ]);
    expect(adminView.squares.map((s) => s.owner_email)).toEqual([alice.email, bob.email, alice.email]);
  });

  it('is off with a time limit of 0', async () => {
    const repo = countingRepo();
    const service = squaresService({ repo, events: memoryGameEvents(), sharedBoardTtlMs: 0, clock: systemClock });
    const gameId = await insertGame(t.db.handle);
    expect(await service.board(gameId, null)).not.toBe(await service.board(gameId, null));
    await service.board(gameId, { id: randomUUID(), isAdmin: false });
    expect(repo.reads).toBe(3);
  });
});
