import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RandomPickResponse } from '@core/api/board';
import { CLASSIC_SHAPE, squaresOf } from '@core/board-shape';
import { squareKey, type Coordinate } from '@core/grid';
import { RANDOM_PICK_ERRORS } from '@core/random-pick';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertGame, insertSquares } from '../../../tests/support/fixtures';
import { send } from '../../../tests/support/request';

describe(`Pick N at random (D44, ${testDbKind})`, () => {
  let t: TestApp;
  let player: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    player = await testAccount(t, { prefix: 'picker' });
    other = await testAccount(t, { prefix: 'owner' });
  });
  afterAll(() => t.close());

  const pick = (gameId: string, payload: unknown, cookie: string | undefined = player.cookie) =>
    send(t.app, 'POST', `/api/games/${gameId}/squares/random`, { cookie, payload });
  const messageOf = (res: { json: () => unknown }) => (res.json() as { error: { message: string } }).error.message;

  /** A game where only `open` squares are free: every other square is sold to `other`. */
  async function gameWithOpen(open: readonly Coordinate[], values: Parameters<typeof insertGame>[1] = {}) {
    const gameId = await insertGame(t.db.handle, values);
    const free = new Set(open.map(squareKey));
    const sold = squaresOf(CLASSIC_SHAPE).filter((square) => !free.has(squareKey(square)));
    await insertSquares(
      t.db.handle,
      gameId,
      sold.map((square) => ({ ...square, userId: other.id })),
    );
    return gameId;
  }
  const row = (x: number) => Array.from({ length: 10 }, (_, y) => ({ x, y }));

  it('picks distinct open squares, none of them taken or already in the cart', async () => {
    const gameId = await gameWithOpen(row(4));
    const exclude = [
      { x: 4, y: 0 },
      { x: 4, y: 1 },
    ];
    for (let i = 0; i < 5; i += 1) {
      const res = await pick(gameId, { count: 5, exclude });
      expect(res.statusCode, res.body).toBe(200);
      const { squares } = res.json() as RandomPickResponse;
      expect(squares).toHaveLength(5);
      expect(new Set(squares.map(squareKey)).size).toBe(5);
      for (const square of squares) {
        expect(square.x).toBe(4);
        expect(square.y).toBeGreaterThanOrEqual(2);
      }
    }
    // Nothing was reserved: the board still shows the row open.
    const board = await send(t.app, 'GET', `/api/games/${gameId}/board`);
    expect((board.json() as { squares: unknown[] }).squares).toHaveLength(90);
  });

  it('chooses at random, not the same squares every time', async () => {
    const gameId = await gameWithOpen([
      { x: 0, y: 0 },
      { x: 9, y: 9 },
    ]);
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 2; i += 1) {
      const res = await pick(gameId, { count: 1 });
      seen.add(squareKey((res.json() as RandomPickResponse).squares[0]!));
    }
    expect(seen.size).toBe(2);
  });

  it('says how many are left when asked for more than there are', async () => {
    const gameId = await gameWithOpen(row(2));
    const over = await pick(gameId, {
      count: 9,
      exclude: [
        { x: 2, y: 9 },
        { x: 2, y: 8 },
      ],
    });
    expect(over.statusCode).toBe(409);
    expect(messageOf(over)).toBe('Only 8 open squares are left.');
    const none = await pick(gameId, { count: 1, exclude: row(2) });
    expect(none.statusCode).toBe(409);
    expect(messageOf(none)).toBe(RANDOM_PICK_ERRORS.noneLeft);
  });

  it("keeps within the game's cap on squares per player, counting owned squares and the cart (D31)", async () => {
    const gameId = await gameWithOpen([...row(0), ...row(1)].filter((square) => square.x === 1 || square.y > 0));
    await t.db.handle.db.updateTable('games').set({ max_squares_per_player: 3 }).where('id', '=', gameId).execute();
    // The player owns (0, 0) and has (1, 0) in the cart: one more is allowed.
    await t.db.handle.db.updateTable('squares').set({ user_id: player.id }).where('game_id', '=', gameId).where('x', '=', 0).where('y', '=', 0).execute();
    const exclude = [{ x: 1, y: 0 }];
    const over = await pick(gameId, { count: 2, exclude });
    expect(over.statusCode).toBe(409);
    expect(messageOf(over)).toBe('You can pick 1 more square in this game.');
    const ok = await pick(gameId, { count: 1, exclude });
    expect(ok.statusCode, ok.body).toBe(200);
    const full = await pick(gameId, { count: 1, exclude: [...exclude, { x: 1, y: 1 }] });
    expect(full.statusCode).toBe(409);
    expect(messageOf(full)).toBe('You can have at most 3 squares in this game.');
  });

  it('refuses visitors, bad counts, closed games and games the player may not see', async () => {
    const gameId = await gameWithOpen(row(5));
    expect((await pick(gameId, { count: 1 }, '')).statusCode).toBe(401);
    for (const count of [0, 101, 2.5, '3', null]) {
      const res = await pick(gameId, { count });
      expect(res.statusCode, String(count)).toBe(400);
      expect(messageOf(res)).toBe(RANDOM_PICK_ERRORS.count);
    }
    const badExclude = await pick(gameId, { count: 1, exclude: [{ x: 10, y: 0 }] });
    expect(badExclude.statusCode).toBe(400);

    const closed = await gameWithOpen(row(5), { grid_shuffled: true });
    const refused = await pick(closed, { count: 1 });
    expect(refused.statusCode).toBe(409);

    const hidden = await gameWithOpen(row(5));
    await t.db.handle.db.updateTable('games').set({ visibility: 'invite', invite_token: 'secret-token-abc' }).where('id', '=', hidden).execute();
    expect((await pick(hidden, { count: 1 })).statusCode).toBe(404);
    expect((await pick('no-such-game', { count: 1 })).statusCode).toBe(404);
  });
});
