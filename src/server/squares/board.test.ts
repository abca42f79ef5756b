import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardResponse } from '@core/api/board';
import { GAME_ERRORS } from '@core/messages';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertCheckout, insertGame, insertNumbers, insertPeriodResult, insertSquare, insertUser } from '../../../tests/support/fixtures';

const X_AXIS = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
const Y_AXIS = [2, 7, 1, 8, 0, 6, 9, 3, 5, 4];

const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

describe(`GET /api/games/:id/board (${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  let player: TestAccount;
  let other: { id: string; username: string; email: string };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, player] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'player' })]);
    other = await insertUser(t.db.handle);
  });
  afterAll(() => t.close());

  async function board(gameId: string, cookie?: string): Promise<BoardResponse> {
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${gameId}/board`, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BoardResponse;
  }

  const claim = (gameId: string, user: string, x: number, y: number) => insertSquare(t.db.handle, gameId, { x, y, userId: user });

  async function hold(gameId: string, user: string, x: number, y: number, expiresAt: string, status = 'open'): Promise<void> {
    const checkoutId = await insertCheckout(t.db.handle, { userId: user, status });
    await insertSquare(t.db.handle, gameId, { x, y, userId: user, status: 'held', checkoutId, holdExpiresAt: expiresAt });
  }

  const drawNumbers = (gameId: string, revealed: boolean) => insertNumbers(t.db.handle, gameId, X_AXIS, Y_AXIS, { by: admin.id, revealed });

  async function logDraw(gameId: string, action: 'drawn' | 'cleared', createdAt: string): Promise<void> {
    await t.db.handle.db
      .insertInto('grid_draws')
      .values({ id: randomUUID(), game_id: gameId, action, x_axis_numbers: null, y_axis_numbers: null, admin_user_id: admin.id, created_at: createdAt })
      .execute();
  }

  const confirmPeriod = (gameId: string, period: number, a: number, b: number, square: { x: number; y: number; id: string | null; user: string | null }) =>
    insertPeriodResult(t.db.handle, gameId, {
      period,
      teamA: a,
      teamB: b,
      square: { ...square, userId: square.user },
      enteredBy: admin.id,
      payoutCents: square.user ? 25_000 : 0,
      payoutStatus: square.user ? 'pending' : 'completed',
    });

  describe('squares', () => {
    let gameId: string;

    beforeAll(async () => {
      gameId = await insertGame(t.db.handle, { title: 'Board Bowl', squares_claimed: 3, total_pot_cents: 3000 });
      await claim(gameId, player.id, 0, 1);
      await claim(gameId, player.id, 0, 0);
      await claim(gameId, other.id, 2, 3);
      await hold(gameId, player.id, 5, 5, iso(60_000));
      await hold(gameId, other.id, 6, 6, iso(60_000));
      // Past its hold: the next checkout may take the cell, so the board shows it available.
      await hold(gameId, other.id, 7, 7, iso(-1000), 'expired');
      await hold(gameId, player.id, 8, 8, iso(-1000), 'open');
    });

    it('shows visitors every claimed and held square with owners’ usernames, no e-mails, nothing as theirs', async () => {
      const view = await board(gameId);
      expect(view.game).toMatchObject({ id: gameId, title: 'Board Bowl', squares_claimed: 3, price_locked: true });
      expect(view.squares).toEqual([
        { x: 0, y: 0, status: 'claimed', owner_username: player.username, owner_no_account: false, owner_email: null, mine: false, unpaid: false },
        { x: 0, y: 1, status: 'claimed', owner_username: player.username, owner_no_account: false, owner_email: null, mine: false, unpaid: false },
        { x: 2, y: 3, status: 'claimed', owner_username: other.username, owner_no_account: false, owner_email: null, mine: false, unpaid: false },
        { x: 5, y: 5, status: 'held', owner_username: null, owner_no_account: false, owner_email: null, mine: false, unpaid: false },
        { x: 6, y: 6, status: 'held', owner_username: null, owner_no_account: false, owner_email: null, mine: false, unpaid: false },
      ]);
      expect(view.numbers).toBeNull();
      expect(view.winners).toEqual([]);
      expect(view.draws).toEqual([]);
    });

    it('marks a player’s own squares and own live holds as mine', async () => {
      const view = await board(gameId, player.cookie);
      expect(view.squares.filter((s) => s.mine).map((s) => [s.x, s.y, s.status])).toEqual([
        [0, 0, 'claimed'],
        [0, 1, 'claimed'],
        [5, 5, 'held'],
      ]);
      expect(view.squares.every((s) => s.owner_email === null)).toBe(true);
    });

    it('gives admins the owners’ e-mails, for claimed squares only', async () => {
      const view = await board(gameId, admin.cookie);
      expect(view.squares.map((s) => s.owner_email)).toEqual([player.email, player.email, other.email, null, null]);
      expect(view.squares.some((s) => s.mine)).toBe(false);
    });

    it('treats a stale or foreign cookie as a visitor', async () => {
      const view = await board(gameId, 'better-auth.session_token=nonsense; sidebar_state=true');
      expect(view.squares.some((s) => s.mine)).toBe(false);
      expect(view.squares.every((s) => s.owner_email === null)).toBe(true);
    });

    it('is never cached for someone else', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/games/${gameId}/board` });
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });
  });

  describe('numbers, winners and the draw log', () => {
    it('hides drawn numbers from players until revealed, shows them to admins, and no winners until revealed', async () => {
      const gameId = await insertGame(t.db.handle);
      const q2 = await claim(gameId, player.id, 0, 1);
      await logDraw(gameId, 'drawn', iso(-3000));
      await logDraw(gameId, 'cleared', iso(-2000));
      await logDraw(gameId, 'drawn', iso(-1000));
      await drawNumbers(gameId, false);
      // Q1 45-21: last digits 5 and 1 are row 4 (X_AXIS[4] = 5) and column 2 (Y_AXIS[2] = 1).
      await confirmPeriod(gameId, 1, 45, 21, { x: 4, y: 2, id: null, user: null });
      // Q2 3-17: row 0 (X_AXIS[0] = 3), column 1 (Y_AXIS[1] = 7), the player's square.
      await confirmPeriod(gameId, 2, 3, 17, { x: 0, y: 1, id: q2, user: player.id });

      for (const cookie of [undefined, player.cookie]) {
        const view = await board(gameId, cookie);
        expect(view.game.grid_shuffled).toBe(true);
        expect(view.numbers).toBeNull();
        expect(view.winners).toEqual([]);
        expect(view.draws.map((d) => d.action)).toEqual(['drawn', 'cleared', 'drawn']);
      }
      const adminView = await board(gameId, admin.cookie);
      expect(adminView.numbers).toMatchObject({ x_axis_numbers: X_AXIS, y_axis_numbers: Y_AXIS });
      expect(adminView.winners).toEqual([]);

      await t.db.handle.db.updateTable('games').set({ numbers_revealed: true }).where('id', '=', gameId).execute();
      // As game day's service does after its commit: viewers (and the visitors' shared board) hear of it.
      t.app.gameEvents.publish({ game_id: gameId, reason: 'numbers' });
      for (const cookie of [undefined, player.cookie, admin.cookie]) {
        const view = await board(gameId, cookie);
        expect(view.numbers).toEqual({ x_axis_numbers: X_AXIS, y_axis_numbers: Y_AXIS, generated_at: expect.any(String) });
        expect(view.winners).toEqual([
          {
            period: 1,
            square_x: 4,
            square_y: 2,
            winning_numbers_x: 5,
            winning_numbers_y: 1,
            team_a_score: 45,
            team_b_score: 21,
            winner_username: null,
            winner_no_account: false,
            payout_amount_cents: 0,
            payout_status: 'completed',
          },
          {
            period: 2,
            square_x: 0,
            square_y: 1,
            winning_numbers_x: 3,
            winning_numbers_y: 7,
            team_a_score: 3,
            team_b_score: 17,
            winner_username: player.username,
            winner_no_account: false,
            payout_amount_cents: 25_000,
            payout_status: 'pending',
          },
        ]);
      }
    });

    it('shows no numbers and no winners when none exist, even revealed', async () => {
      const gameId = await insertGame(t.db.handle);
      await t.db.handle.db.updateTable('games').set({ numbers_revealed: true }).where('id', '=', gameId).execute();
      for (const cookie of [undefined, admin.cookie]) {
        const view = await board(gameId, cookie);
        expect(view.numbers).toBeNull();
        expect(view.winners).toEqual([]);
      }
    });

    it('shows a cleared draw in the log with the board back to selling', async () => {
      const gameId = await insertGame(t.db.handle);
      await logDraw(gameId, 'drawn', '2026-02-08T19:02:00.000Z');
      await logDraw(gameId, 'cleared', '2026-02-08T19:05:00.000Z');
      const view = await board(gameId, admin.cookie);
      expect(view.numbers).toBeNull();
      expect(view.draws).toEqual([
        { action: 'drawn', created_at: '2026-02-08T19:02:00.000Z' },
        { action: 'cleared', created_at: '2026-02-08T19:05:00.000Z' },
      ]);
    });
  });

  it('shows visitors an admin’s edit on their next read', async () => {
    const gameId = await insertGame(t.db.handle, { title: 'Before Bowl' });
    expect((await board(gameId)).game.title).toBe('Before Bowl');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/games/${gameId}`,
      headers: { origin: 'http://localhost', cookie: admin.cookie },
      payload: { title: 'After Bowl' },
    });
    expect(res.statusCode).toBe(200);
    expect((await board(gameId)).game.title).toBe('After Bowl');
  });

  it('answers 404 for a game that does not exist or an id that is not one', async () => {
    // D46: an id that could name a game answers as an invite-only game would; one that cannot is simply not found.
    for (const [id, message] of [
      [randomUUID(), GAME_ERRORS.notFoundOrInviteOnly],
      ['not-a-uuid', GAME_ERRORS.notFound],
      ['1%20or%201=1', GAME_ERRORS.notFound],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/games/${id}/board` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message } });
    }
  });

  it('forgets a deleted game’s board', async () => {
    const gameId = await insertGame(t.db.handle);
    await claim(gameId, other.id, 1, 1);
    await t.db.handle.db.deleteFrom('games').where('id', '=', gameId).execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${gameId}/board` });
    expect(res.statusCode).toBe(404);
  });
});
