import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '@core/api/games';
import { teamsSideLocked } from '@core/game-locks';
import {
  GAME_DELETE_COMPLETED,
  GAME_ERRORS,
  GAME_PRICE_LOCKED,
  PRICE_NOT_A_NUMBER,
  PRICE_NOT_WHOLE_DOLLARS,
  PRICE_TOO_HIGH,
  PRICE_TOO_LOW,
  TEAM_A_REQUIRED,
  TEAM_B_REQUIRED,
  TITLE_TOO_SHORT,
  TITLE_TOO_LONG,
  TEAM_NAME_TOO_LONG,
  GAME_TYPE_INVALID,
  PAYOUT_SCHEDULE_INVALID,
} from '@core/messages';
import { testAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { insertCheckout, insertGame, insertNumbers, insertPeriodResult, insertSquare, insertUser } from '../../../tests/support/fixtures';
import { type Method, send as sendRequest, type SendOptions } from '../../../tests/support/request';
import { GAME_UPDATE_COMPLETED } from '@core/messages';

const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Please log in to continue.' } };
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: "You don't have permission to access this page." } };
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: GAME_ERRORS.notFound } };
/** D46: what a game read answers for a game that does not exist (or that the asker may not see). */
const NOT_VISIBLE = { error: { code: 'NOT_FOUND', message: GAME_ERRORS.notFoundOrInviteOnly } };
const IN_PROGRESS_UPDATE = { error: { code: 'GAME_IN_PROGRESS', message: GAME_ERRORS.cannotUpdateInProgress } };
const IN_PROGRESS_DELETE = { error: { code: 'GAME_IN_PROGRESS', message: GAME_ERRORS.cannotDeleteInProgress } };
const COMPLETED_DELETE = { error: { code: 'GAME_COMPLETED', message: GAME_DELETE_COMPLETED } };
const COMPLETED_UPDATE = { error: { code: 'GAME_COMPLETED', message: GAME_UPDATE_COMPLETED } };
const PRICE_LOCKED = { error: { code: 'PRICE_LOCKED', message: GAME_PRICE_LOCKED } };

const VALID = { title: 'Super Bowl LXI', team_a: 'Eagles', team_b: 'Chiefs', price_per_square: 25 };

const now = () => new Date().toISOString();

describe(`games API (${testDbKind})`, () => {
  let t: TestApp;
  let adminCookie: string;
  let adminId: string;
  let playerCookie: string;
  let playerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await testAccount(t, { admin: true });
    const player = await testAccount(t, { prefix: 'player' });
    adminCookie = admin.cookie;
    playerCookie = player.cookie;
    adminId = await userId(admin.email);
    playerId = await userId(player.email);
    // As `npm run admin -- grant` does (the first confirmed account is admin anyway, D8).
    await t.db.handle.db.updateTable('user').set({ isAdmin: true }).where('id', '=', adminId).execute();
    await t.db.handle.db.updateTable('user').set({ isAdmin: false }).where('id', '=', playerId).execute();
  });
  afterAll(() => t.close());

  async function userId(email: string): Promise<string> {
    const row = await t.db.handle.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return row.id;
  }

  /** A request from the app's own page (same origin), as a visitor or with a session cookie. */
  const send = (method: Method, url: string, options: SendOptions = {}) => sendRequest(t.app, method, url, options);

  const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => send(method, url, { cookie: adminCookie, payload });

  async function createGame(body: object = VALID): Promise<Game> {
    const res = await asAdmin('POST', '/api/admin/games', body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { game: Game }).game;
  }

  async function getGame(id: string): Promise<Game> {
    const res = await send('GET', `/api/games/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { game: Game }).game;
  }

  async function listGames(): Promise<Game[]> {
    const res = await send('GET', '/api/games');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { games: Game[] }).games;
  }

  async function gameCount(): Promise<number> {
    const row = await t.db.handle.db
      .selectFrom('games')
      .select(sql<number>`cast(count(*) as integer)`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** A sold square, written as the checkout will write it. */
  const insertClaimedSquare = (gameId: string, x = 0, y = 0) => insertSquare(t.db.handle, gameId, { x, y, userId: playerId });
  const insertPlayerCheckout = () => insertCheckout(t.db.handle, { userId: playerId });
  const insertHeldSquare = (gameId: string, checkoutId: string, x = 1, y = 1) =>
    insertSquare(t.db.handle, gameId, { x, y, userId: playerId, status: 'held', checkoutId, holdExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString() });

  describe('who may write', () => {
    it('POST /api/admin/games: 401 for a visitor, 403 for a player, nothing created; 201 for the admin', async () => {
      const before = await gameCount();
      const visitor = await send('POST', '/api/admin/games', { payload: VALID });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(UNAUTHORIZED);
      const player = await send('POST', '/api/admin/games', { cookie: playerCookie, payload: VALID });
      expect(player.statusCode).toBe(403);
      expect(player.json()).toEqual(FORBIDDEN);
      expect(await gameCount()).toBe(before);
      await createGame();
      expect(await gameCount()).toBe(before + 1);
    });

    it('PATCH /api/admin/games/:id: 401 for a visitor, 403 for a player, game unchanged', async () => {
      const id = await insertGame(t.db.handle, { title: 'Untouched' });
      const visitor = await send('PATCH', `/api/admin/games/${id}`, { payload: { title: 'Hacked' } });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(UNAUTHORIZED);
      const player = await send('PATCH', `/api/admin/games/${id}`, { cookie: playerCookie, payload: { title: 'Hacked' } });
      expect(player.statusCode).toBe(403);
      expect(player.json()).toEqual(FORBIDDEN);
      expect((await getGame(id)).title).toBe('Untouched');
    });

    it('DELETE /api/admin/games/:id: 401 for a visitor, 403 for a player, game kept', async () => {
      const id = await insertGame(t.db.handle);
      const visitor = await send('DELETE', `/api/admin/games/${id}`);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(UNAUTHORIZED);
      const player = await send('DELETE', `/api/admin/games/${id}`, { cookie: playerCookie });
      expect(player.statusCode).toBe(403);
      expect(player.json()).toEqual(FORBIDDEN);
      expect((await getGame(id)).id).toBe(id);
    });

    it('checks rights before the body: a visitor with an invalid body or a malformed id gets 401, not 400 or 404', async () => {
      const post = await send('POST', '/api/admin/games', { payload: { title: 'x' } });
      expect(post.statusCode).toBe(401);
      const patch = await send('PATCH', '/api/admin/games/not-a-game', { cookie: playerCookie, payload: { price_per_square: 0 } });
      expect(patch.statusCode).toBe(403);
      const del = await send('DELETE', '/api/admin/games/not-a-game');
      expect(del.statusCode).toBe(401);
    });

    it('refuses an admin write from a foreign origin', async () => {
      const before = await gameCount();
      const res = await send('POST', '/api/admin/games', { cookie: adminCookie, payload: VALID, headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'FOREIGN_ORIGIN' } });
      expect(await gameCount()).toBe(before);
    });

    it('lets visitors read the list and one game', async () => {
      const id = await insertGame(t.db.handle, { title: 'Public Bowl' });
      expect((await listGames()).some((g) => g.id === id)).toBe(true);
      expect((await getGame(id)).title).toBe('Public Bowl');
    });
  });

  describe('create', () => {
    it('makes an active, unshuffled game with an empty pot, owned by the admin; price stored in cents', async () => {
      const before = Date.now();
      const game = await createGame({ ...VALID, title: '  Super Bowl LXI  ', team_a: ' Eagles ' });
      expect(game).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'Super Bowl LXI',
        team_a: 'Eagles',
        team_b: 'Chiefs',
        game_type: 'nfl',
        price_per_square: 25,
        price_per_square_cents: 2500,
        total_pot_cents: 0,
        collected_cents: 0,
        squares_claimed: 0,
        squares_available: 100,
        board_size: 100,
        board_rows: 10,
        board_columns: 10,
        digits_per_row: 1,
        digits_per_column: 1,
        is_active: true,
        grid_shuffled: false,
        numbers_revealed: false,
        manual_numbers_set: false,
        payout_schedule: 'even',
        payout_shares: null,
        organizer_percent: null,
        organizer_label: 'Organizer',
        unbought_rule: 'house',
        price_locked: false,
        payment_method: 'card',
        payment_instructions: null,
        pay_by: null,
        max_squares_per_player: null,
        visibility: 'public',
        number_sets: 'game',
        kickoff_at: null,
        time_zone: null,
        draw_at_kickoff: false,
        sales_closed_at: null,
        score_feed: null,
        created_by: adminId,
        created_at: game.created_at,
        updated_at: game.created_at,
      });
      expect(Date.parse(game.created_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(game.created_at)).toBeLessThanOrEqual(Date.now() + 1000);

      const row = await t.db.handle.db.selectFrom('games').selectAll().where('id', '=', game.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ price_per_square_cents: 2500, payout_schedule: 'even', created_by: adminId, is_active: true, grid_shuffled: false });
      expect(await getGame(game.id)).toEqual(game);
    });

    it('stores the chosen game type and payout schedule (D12); a typed price "7" is $7', async () => {
      const game = await createGame({ ...VALID, price_per_square: '7', game_type: 'college-basketball', payout_schedule: 'organizer-20' });
      expect(game).toMatchObject({ price_per_square: 7, price_per_square_cents: 700, game_type: 'college-basketball', payout_schedule: 'organizer-20' });
      const row = await t.db.handle.db.selectFrom('games').select(['payout_schedule', 'game_type']).where('id', '=', game.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ payout_schedule: 'organizer-20', game_type: 'college-basketball' });
    });

    it('accepts the price limits $1 and $10,000', async () => {
      expect((await createGame({ ...VALID, price_per_square: 1 })).price_per_square_cents).toBe(100);
      expect((await createGame({ ...VALID, price_per_square: 10_000 })).price_per_square_cents).toBe(1_000_000);
    });

    it('ignores fields the admin may not set: flags, pot, owner and id come from the server', async () => {
      const game = await createGame({
        ...VALID,
        id: '00000000-0000-4000-8000-000000000000',
        is_active: false,
        grid_shuffled: true,
        numbers_revealed: true,
        total_pot_cents: 999_999,
        squares_claimed: 100,
        created_by: playerId,
        price_per_square_cents: 1,
      });
      expect(game.id).not.toBe('00000000-0000-4000-8000-000000000000');
      expect(game).toMatchObject({
        is_active: true,
        grid_shuffled: false,
        numbers_revealed: false,
        total_pot_cents: 0,
        squares_claimed: 0,
        created_by: adminId,
        price_per_square_cents: 2500,
      });
    });
  });

  describe("validation: 400 with the spec's message, nothing written", () => {
    const { title: _title, ...noTitle } = VALID;
    const { team_a: _teamA, ...noTeamA } = VALID;
    const { price_per_square: _price, ...noPrice } = VALID;

    it.each([
      ['a missing title', noTitle, TITLE_TOO_SHORT],
      ['a 2-character title', { ...VALID, title: 'ab' }, TITLE_TOO_SHORT],
      ['a title of spaces around 2 characters', { ...VALID, title: '   ab   ' }, TITLE_TOO_SHORT],
      ['a title that is a number', { ...VALID, title: 12345 }, TITLE_TOO_SHORT],
      ['a missing team A', noTeamA, TEAM_A_REQUIRED],
      ['a blank team A', { ...VALID, team_a: '   ' }, TEAM_A_REQUIRED],
      ['an empty team B', { ...VALID, team_b: '' }, TEAM_B_REQUIRED],
      ['price 0', { ...VALID, price_per_square: 0 }, PRICE_TOO_LOW],
      ['a negative price', { ...VALID, price_per_square: -5 }, PRICE_TOO_LOW],
      ['price 10001', { ...VALID, price_per_square: 10_001 }, PRICE_TOO_HIGH],
      ['price "abc"', { ...VALID, price_per_square: 'abc' }, PRICE_NOT_A_NUMBER],
      ['price ""', { ...VALID, price_per_square: '' }, PRICE_NOT_A_NUMBER],
      ['price null', { ...VALID, price_per_square: null }, PRICE_NOT_A_NUMBER],
      ['price "1e3"', { ...VALID, price_per_square: '1e3' }, PRICE_NOT_A_NUMBER],
      ['a missing price', noPrice, PRICE_NOT_A_NUMBER],
      ['price 12.5', { ...VALID, price_per_square: 12.5 }, PRICE_NOT_WHOLE_DOLLARS],
    ])('POST with %s: %s', async (_label, body, message) => {
      const before = await gameCount();
      const res = await asAdmin('POST', '/api/admin/games', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
      expect(await gameCount()).toBe(before);
    });

    it.each([
      ['game_type', { ...VALID, game_type: 'cricket' }, GAME_TYPE_INVALID],
      ['payout_schedule', { ...VALID, payout_schedule: '50/50' }, PAYOUT_SCHEDULE_INVALID],
      ['title', { ...VALID, title: 'T'.repeat(101) }, TITLE_TOO_LONG],
      ['team_b', { ...VALID, team_b: 'B'.repeat(51) }, TEAM_NAME_TOO_LONG],
    ])('POST with a bad %s: 400 with its message', async (_field, body, message) => {
      const before = await gameCount();
      const res = await asAdmin('POST', '/api/admin/games', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
      expect(await gameCount()).toBe(before);
    });

    it.each([
      [{ title: 'x' }, TITLE_TOO_SHORT],
      [{ team_a: '' }, TEAM_A_REQUIRED],
      [{ team_b: ' ' }, TEAM_B_REQUIRED],
      [{ price_per_square: 0 }, PRICE_TOO_LOW],
      [{ price_per_square: 10_001 }, PRICE_TOO_HIGH],
      [{ price_per_square: 'abc' }, PRICE_NOT_A_NUMBER],
    ])('PATCH %j: %s, game unchanged', async (body, message) => {
      const id = await insertGame(t.db.handle, { title: 'Steady Bowl' });
      const before = await getGame(id);
      const res = await asAdmin('PATCH', `/api/admin/games/${id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
      expect(await getGame(id)).toEqual(before);
    });

    it('PATCH with an unknown game type or payout schedule is a 400', async () => {
      const id = await insertGame(t.db.handle);
      for (const body of [{ game_type: 'cricket' }, { payout_schedule: 'winner-takes-all' }]) {
        const res = await asAdmin('PATCH', `/api/admin/games/${id}`, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
      }
    });
  });

  describe('list and read', () => {
    it('lists newest first by created_at, ties in id order', async () => {
      const oldest = await insertGame(t.db.handle, { title: 'Oldest', created_at: '2020-01-01T00:00:00.000Z' });
      const tieA = await insertGame(t.db.handle, { title: 'Tie', created_at: '2021-06-01T12:00:00.000Z' });
      const tieB = await insertGame(t.db.handle, { title: 'Tie', created_at: '2021-06-01T12:00:00.000Z' });
      const middle = await insertGame(t.db.handle, { title: 'Middle', created_at: '2022-03-01T00:00:00.000Z' });
      const fresh = await createGame({ ...VALID, title: 'Fresh' });

      const games = await listGames();
      const ids = games.map((g) => g.id);
      const ties = [tieA, tieB].sort();
      const mine = ids.filter((id) => [oldest, tieA, tieB, middle, fresh.id].includes(id));
      expect(mine).toEqual([fresh.id, middle, ...ties, oldest]);
      // And the whole list, whoever made the games.
      for (let i = 1; i < games.length; i += 1) {
        const [a, b] = [games[i - 1]!, games[i]!];
        expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id < b.id)).toBe(true);
      }
      expect(games[0]!.id).toBe(fresh.id);
    });

    it('sends every field of the contract in the list, price_locked per game', async () => {
      const open = await insertGame(t.db.handle, { squares_claimed: 3, total_pot_cents: 3000 });
      const sold = await insertGame(t.db.handle);
      await insertClaimedSquare(sold);
      const games = await listGames();
      const openGame = games.find((g) => g.id === open)!;
      expect(openGame).toMatchObject({ price_locked: false, squares_claimed: 3, squares_available: 97, total_pot_cents: 3000, price_per_square: 10 });
      expect(Object.keys(openGame).sort()).toEqual(Object.keys(await getGame(open)).sort());
      expect(Object.keys(openGame)).toHaveLength(40);
      expect(games.find((g) => g.id === sold)!.price_locked).toBe(true);
    });

    it("GET /api/games/:id answers 404 in D46's words for an unknown id", async () => {
      const res = await send('GET', `/api/games/${randomUUID()}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_VISIBLE);
    });

    it.each(['abc', '123', "1' or '1'='1", '%00', '%E2%9C%93', 'x'.repeat(99), `${randomUUID()}x`, '..%2F..%2Fetc'])(
      'a malformed id %j is 404 for GET, PATCH and DELETE, never 500',
      async (id) => {
        expect((await send('GET', `/api/games/${id}`)).json()).toEqual(NOT_FOUND);
        const patch = await asAdmin('PATCH', `/api/admin/games/${id}`, { title: 'Whatever' });
        expect(patch.statusCode).toBe(404);
        expect(patch.json()).toEqual(NOT_FOUND);
        const del = await asAdmin('DELETE', `/api/admin/games/${id}`);
        expect(del.statusCode).toBe(404);
        expect(del.json()).toEqual(NOT_FOUND);
      },
    );
  });

  it('an id longer than the router allows (100 characters) is a 414 in our error shape, not a 500', async () => {
    // Fastify's router refuses this before routing; frameworkErrors gives it our JSON shape.
    const res = await send('GET', `/api/games/${'x'.repeat(500)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: 'FST_ERR_MAX_PARAM_LENGTH', message: 'This address is not valid.' } });
  });

  describe('update', () => {
    it('changes only the fields sent and moves updated_at', async () => {
      const created = await createGame({ ...VALID, game_type: 'nba', payout_schedule: 'final-heavy' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await asAdmin('PATCH', `/api/admin/games/${created.id}`, { title: '  Renamed Bowl ' });
      expect(res.statusCode).toBe(200);
      const { game } = res.json() as { game: Game };
      expect(game).toEqual({ ...created, title: 'Renamed Bowl', updated_at: game.updated_at });
      expect(game.updated_at > created.updated_at).toBe(true);
      expect(await getGame(created.id)).toEqual(game);

      // A left-out game type keeps the stored one (not the create form's default nfl).
      const teams = await asAdmin('PATCH', `/api/admin/games/${created.id}`, { team_a: 'Bills', team_b: 'Lions' });
      expect((teams.json() as { game: Game }).game).toMatchObject({
        title: 'Renamed Bowl',
        team_a: 'Bills',
        team_b: 'Lions',
        game_type: 'nba',
        payout_schedule: 'final-heavy',
      });
    });

    it('changes game type, price and payout schedule while no square is held or sold', async () => {
      const created = await createGame();
      const res = await asAdmin('PATCH', `/api/admin/games/${created.id}`, { game_type: 'other', price_per_square: 40, payout_schedule: 'organizer-20' });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { game: Game }).game).toMatchObject({
        game_type: 'other',
        price_per_square: 40,
        price_per_square_cents: 4000,
        payout_schedule: 'organizer-20',
        price_locked: false,
      });
      const row = await t.db.handle.db
        .selectFrom('games')
        .select(['price_per_square_cents', 'payout_schedule'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ price_per_square_cents: 4000, payout_schedule: 'organizer-20' });
    });

    it('an empty edit changes nothing', async () => {
      const created = await createGame();
      const res = await asAdmin('PATCH', `/api/admin/games/${created.id}`, {});
      expect(res.statusCode).toBe(200);
      expect((res.json() as { game: Game }).game).toEqual(created);
    });

    it('ignores fields an edit may not change (flags, pot, owner)', async () => {
      const created = await createGame();
      const res = await asAdmin('PATCH', `/api/admin/games/${created.id}`, {
        title: 'Still Open',
        grid_shuffled: true,
        is_active: false,
        total_pot_cents: 5,
        created_by: playerId,
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { game: Game }).game).toMatchObject({
        title: 'Still Open',
        grid_shuffled: false,
        is_active: true,
        total_pot_cents: 0,
        created_by: adminId,
      });
    });

    it('answers 404 for a game that does not exist', async () => {
      const res = await asAdmin('PATCH', `/api/admin/games/${randomUUID()}`, { title: 'Ghost Bowl' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });

    it('refuses any edit once numbers are drawn (spec section 4)', async () => {
      const id = await insertGame(t.db.handle, { title: 'Drawn Bowl', grid_shuffled: true });
      for (const body of [{ title: 'Sneaky' }, { price_per_square: 20 }, {}]) {
        const res = await asAdmin('PATCH', `/api/admin/games/${id}`, body);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(IN_PROGRESS_UPDATE);
      }
      expect((await getGame(id)).title).toBe('Drawn Bowl');
    });

    it('refuses edits to a completed game (D13: kept as a record)', async () => {
      for (const grid_shuffled of [true, false]) {
        const id = await insertGame(t.db.handle, { title: 'Final Bowl', is_active: false, grid_shuffled });
        const res = await asAdmin('PATCH', `/api/admin/games/${id}`, { title: 'Rewritten' });
        expect(res.statusCode).toBe(409);
        // It says completed, not "in progress".
        expect(res.json()).toEqual(COMPLETED_UPDATE);
        expect((await getGame(id)).title).toBe('Final Bowl');
      }
    });
  });

  describe('a sold board keeps its sides (D50)', () => {
    it('refuses an edit that swaps the teams once a square is sold; a name may still be corrected', async () => {
      const created = await createGame({ ...VALID, team_a: 'Eagles', team_b: 'Chiefs' });
      // Before any sale the teams may trade places.
      expect((await asAdmin('PATCH', `/api/admin/games/${created.id}`, { team_a: 'Chiefs', team_b: 'Eagles' })).statusCode).toBe(200);
      expect((await asAdmin('PATCH', `/api/admin/games/${created.id}`, { team_a: 'Eagles', team_b: 'Chiefs' })).statusCode).toBe(200);
      await insertClaimedSquare(created.id, 4, 7);
      const swapped = await asAdmin('PATCH', `/api/admin/games/${created.id}`, { team_a: 'Chiefs', team_b: 'Eagles' });
      expect(swapped.statusCode, swapped.body).toBe(409);
      expect(swapped.json()).toEqual({ error: { code: 'TEAMS_LOCKED', message: teamsSideLocked('Eagles', 'Chiefs') } });
      expect(await getGame(created.id)).toMatchObject({ team_a: 'Eagles', team_b: 'Chiefs' });
      const corrected = await asAdmin('PATCH', `/api/admin/games/${created.id}`, { team_a: 'Philadelphia Eagles' });
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(await getGame(created.id)).toMatchObject({ team_a: 'Philadelphia Eagles', team_b: 'Chiefs' });
    });
  });

  describe('price and payout schedule are fixed once a square is held or sold (D13)', () => {
    it('a sold square locks price and schedule; the same values and the title stay editable', async () => {
      const created = await createGame({ ...VALID, price_per_square: 10 });
      await insertClaimedSquare(created.id, 4, 7);
      expect((await getGame(created.id)).price_locked).toBe(true);

      for (const body of [{ price_per_square: 20 }, { payout_schedule: 'final-heavy' }, { title: 'New Title', price_per_square: 11 }]) {
        const res = await asAdmin('PATCH', `/api/admin/games/${created.id}`, body);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(PRICE_LOCKED);
      }
      // The refused edit above changed nothing, not even its title part.
      const after = await getGame(created.id);
      expect(after).toMatchObject({ title: created.title, price_per_square_cents: 1000, payout_schedule: 'even' });

      const same = await asAdmin('PATCH', `/api/admin/games/${created.id}`, { title: 'Renamed While Sold', price_per_square: '10', payout_schedule: 'even' });
      expect(same.statusCode).toBe(200);
      expect((same.json() as { game: Game }).game).toMatchObject({
        title: 'Renamed While Sold',
        price_per_square_cents: 1000,
        payout_schedule: 'even',
        price_locked: true,
      });
      const teams = await asAdmin('PATCH', `/api/admin/games/${created.id}`, { team_a: 'Packers', game_type: 'college-football' });
      expect(teams.statusCode).toBe(200);
    });

    it('a live hold locks them too', async () => {
      const created = await createGame();
      await insertHeldSquare(created.id, await insertPlayerCheckout());
      expect((await getGame(created.id)).price_locked).toBe(true);
      const res = await asAdmin('PATCH', `/api/admin/games/${created.id}`, { price_per_square: 99 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(PRICE_LOCKED);
    });

    it('a square sold while a price change waits is seen: the check and the update share one transaction', async () => {
      const created = await createGame({ ...VALID, price_per_square: 10 });
      let patch: Promise<LightMyRequestResponse> | undefined;
      let settled = false;
      await t.db.handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('squares')
          .values({
            id: randomUUID(),
            game_id: created.id,
            x: 9,
            y: 9,
            user_id: playerId,
            status: 'claimed',
            checkout_id: null,
            hold_expires_at: null,
            claimed_at: now(),
          })
          .execute();
        patch = asAdmin('PATCH', `/api/admin/games/${created.id}`, { price_per_square: 50 });
        void patch.then(() => {
          settled = true;
        });
        if (testDbKind === 'postgres') {
          // Commit only once the PATCH is waiting for the game's row lock.
          await waitFor(async () => {
            const { rows } = await sql<{ n: number }>`
              select cast(count(*) as integer) as n from pg_stat_activity
              where wait_event_type = 'Lock' and state = 'active' and query ilike '%for update%'`.execute(t.db.handle.db);
            return rows[0]!.n > 0;
          });
        } else {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(settled).toBe(false);
      });
      const res = await patch!;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(PRICE_LOCKED);
      expect((await getGame(created.id)).price_per_square_cents).toBe(1000);
    });
  });

  describe('delete', () => {
    it('removes the game with its squares, numbers, draw log, scores and winners; keeps checkouts (D13)', async () => {
      const other = await insertUser(t.db.handle);
      const id = await insertGame(t.db.handle, { title: 'Doomed Bowl' });
      const keep = await insertGame(t.db.handle, { title: 'Neighbour Bowl' });
      const checkoutId = await insertPlayerCheckout();
      const db = t.db.handle.db;
      await db
        .insertInto('checkout_items')
        .values({ checkout_id: checkoutId, game_id: id, game_title: 'Doomed Bowl', x: 1, y: 1, price_cents: 1000 })
        .execute();
      await insertHeldSquare(id, checkoutId, 1, 1);
      const squareId = await insertClaimedSquare(id, 2, 3);
      await insertClaimedSquare(keep, 2, 3);
      const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
      await insertNumbers(t.db.handle, id, digits, digits, { by: adminId, logDraw: true, gameFlags: false });
      await db
        .insertInto('grid_draws')
        .values({ id: randomUUID(), game_id: id, action: 'cleared', x_axis_numbers: null, y_axis_numbers: null, admin_user_id: adminId, created_at: now() })
        .execute();
      await insertPeriodResult(t.db.handle, id, {
        period: 1,
        teamA: 7,
        teamB: 3,
        square: { x: 2, y: 3, id: squareId, userId: other.id },
        enteredBy: adminId,
      });

      const res = await asAdmin('DELETE', `/api/admin/games/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: { id, title: 'Doomed Bowl' } });

      for (const table of ['squares', 'game_grid_numbers', 'grid_draws', 'period_scores', 'game_winners'] as const) {
        const left = await db.selectFrom(table).select('game_id').where('game_id', '=', id).execute();
        expect(left, table).toEqual([]);
      }
      expect(await db.selectFrom('games').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(await db.selectFrom('checkout_items').select(['checkout_id', 'game_title']).where('game_id', '=', id).execute()).toEqual([
        { checkout_id: checkoutId, game_title: 'Doomed Bowl' },
      ]);
      expect(await db.selectFrom('checkouts').select('id').where('id', '=', checkoutId).execute()).toEqual([{ id: checkoutId }]);
      // The other game and its square are untouched.
      expect(await db.selectFrom('squares').select('x').where('game_id', '=', keep).execute()).toEqual([{ x: 2 }]);
      expect((await getGame(keep)).price_locked).toBe(true);
    });

    it('a deleted game is gone from the list and GET answers 404; deleting again is 404', async () => {
      const game = await createGame({ ...VALID, title: 'Short Lived' });
      expect((await listGames()).map((g) => g.id)).toContain(game.id);
      expect((await asAdmin('DELETE', `/api/admin/games/${game.id}`)).statusCode).toBe(200);
      expect((await listGames()).map((g) => g.id)).not.toContain(game.id);
      const get = await send('GET', `/api/games/${game.id}`);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual(NOT_VISIBLE);
      const again = await asAdmin('DELETE', `/api/admin/games/${game.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });

    it('refuses to delete a game whose numbers are drawn', async () => {
      const id = await insertGame(t.db.handle, { grid_shuffled: true });
      await insertClaimedSquare(id);
      const res = await asAdmin('DELETE', `/api/admin/games/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(IN_PROGRESS_DELETE);
      expect((await getGame(id)).id).toBe(id);
      expect(await t.db.handle.db.selectFrom('squares').select('id').where('game_id', '=', id).execute()).toHaveLength(1);
    });

    it('refuses to delete a completed game, shuffled or not (D13: kept as a record)', async () => {
      for (const grid_shuffled of [true, false]) {
        const id = await insertGame(t.db.handle, { is_active: false, grid_shuffled });
        const res = await asAdmin('DELETE', `/api/admin/games/${id}`);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(COMPLETED_DELETE);
        expect((await getGame(id)).id).toBe(id);
      }
    });
  });

  describe('garbage in: a 4xx, never a 500', () => {
    const raw = (method: 'POST' | 'PATCH', url: string, body: string, contentType = 'application/json') =>
      send(method, url, { cookie: adminCookie, payload: body as unknown as object, headers: { 'content-type': contentType } });

    it('bad JSON is 400', async () => {
      const res = await raw('POST', '/api/admin/games', '{"title": "Broken",');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'The request body is not valid JSON.' } });
      const id = await insertGame(t.db.handle);
      expect((await raw('PATCH', `/api/admin/games/${id}`, '{nope')).statusCode).toBe(400);
    });

    it.each(['null', '[]', '"a string"', '42', 'true', '{"__proto__": {"isAdmin": true}, "title": "Proto Bowl"}'])('a JSON body of %s is 400', async (body) => {
      const before = await gameCount();
      const post = await raw('POST', '/api/admin/games', body);
      expect(post.statusCode).toBe(400);
      expect(post.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      const id = await insertGame(t.db.handle);
      const patch = await raw('PATCH', `/api/admin/games/${id}`, body);
      expect(patch.statusCode).toBe(400);
      expect(await gameCount()).toBe(before + 1);
    });

    it('a body that is not JSON is refused with 4xx', async () => {
      const res = await raw('POST', '/api/admin/games', 'title=Form+Bowl', 'application/x-www-form-urlencoded');
      expect(res.statusCode).toBe(415);
      const empty = await raw('POST', '/api/admin/games', '');
      expect(empty.statusCode).toBe(400);
    });

    it('query strings and odd types inside the body are refused cleanly', async () => {
      const nested = await asAdmin('POST', '/api/admin/games?x[y]=1', { ...VALID, title: { $gt: '' }, team_a: ['x'] });
      expect(nested.statusCode).toBe(400);
      const hugeNumber = await asAdmin('POST', '/api/admin/games', { ...VALID, price_per_square: 1e308 });
      expect(hugeNumber.statusCode).toBe(400);
      expect(hugeNumber.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: PRICE_TOO_HIGH } });
      const longDigits = await asAdmin('POST', '/api/admin/games', { ...VALID, price_per_square: '9'.repeat(400) });
      expect(longDigits.statusCode).toBe(400);
    });
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting for the condition');
}
