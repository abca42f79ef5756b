import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '@core/api/games';
import type { FeedSearchResponse, FeedStatus } from '@core/api/score-feed';
import { formatUsd } from '@core/money';
import { type Period, periodWinningsLabel, QUARTER_MODEL } from '@core/periods';
import { FEED_LEAD_MS, FEED_MAX_BACKOFF_MS } from '@core/score-feed';
import { testAccount, type TestAccount } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDbKind } from '../../../tests/support/db';
import { final, inPlay, startFakeScoreFeed, type FakeScoreFeed } from '../../../tests/support/fake-score-feed';
import { sellSquares, storedGame, winnerRows } from '../../../tests/support/game-day';
import { startInstance } from '../../../tests/support/instances';
import { send } from '../../../tests/support/request';
import { type SmtpCatcher, startSmtpServer } from '../../../tests/support/smtp';
import { espnFeed } from './espn';
import type { ScoreFeedPoller } from './poller';

const HOUR = 3_600_000;
const INTERVAL_MS = 60_000;
const EAGLES = { name: 'Philadelphia Eagles', abbreviation: 'PHI' };
const CHIEFS = { name: 'Kansas City Chiefs', abbreviation: 'KC' };

/** D39's live score feed (docs/decisions/036) against a fake ESPN scoreboard on 127.0.0.1. */
describe(`score feed (D39, ${testDbKind})`, () => {
  let t: TestApp;
  let feed: FakeScoreFeed;
  let smtp: SmtpCatcher;
  let admin: TestAccount;
  let alice: TestAccount;
  let poller: ScoreFeedPoller;
  let nextEvent = 401_000_000;
  const logLines: string[] = [];
  let nextDay = 1;

  beforeAll(async () => {
    feed = await startFakeScoreFeed();
    // D40: the winners' mails go to a real SMTP server (SMTP_URL needs PUBLIC_URL, the test requests' origin).
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: {
        SCORE_FEED: 'espn',
        SCORE_FEED_URL: feed.url,
        SCORE_FEED_INTERVAL_SECONDS: String(INTERVAL_MS / 1000),
        SCORE_FEED_TIMEOUT_SECONDS: '0.3',
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'http://localhost',
      },
      logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
    });
    poller = t.app.scoreFeedPoller!;
    [admin, alice] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'alice' })]);
  });
  afterAll(async () => {
    await t.close();
    await feed.close();
    await smtp.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    send(t.app, method, url, { cookie: admin.cookie, payload });
  const activity = (gameId: string) =>
    t.db.handle.db
      .selectFrom('game_activity')
      .select(['action', 'actor_user_id', 'detail'])
      .where('game_id', '=', gameId)
      .where('action', 'in', ['score_entered', 'confirmed'])
      .orderBy('created_at')
      .orderBy('seq')
      .execute();
  const status = async (gameId: string) => (await asAdmin('GET', `/api/admin/games/${gameId}/score-feed`)).json() as FeedStatus;

  /** A real game on its own day of the fake feed (so request counts are its own). */
  function realGame(startsAt = new Date(Date.now() + HOUR).toISOString(), league = 'nfl', sport: 'football' | 'basketball' = 'football') {
    const id = String((nextEvent += 1));
    const day = `2026${String(Math.floor(nextDay / 28) + 1).padStart(2, '0')}${String((nextDay % 28) + 1).padStart(2, '0')}`;
    nextDay += 1;
    feed.addGame({ id, sport, league, day, startsAt, home: EAGLES, away: CHIEFS });
    return { id, day, date: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`, league };
  }

  async function newGame(values: Record<string, unknown> = {}): Promise<Game> {
    const res = await asAdmin('POST', '/api/admin/games', {
      title: `Feed ${Math.random().toString(36).slice(2, 7)}`,
      // D50: the real game's teams (the feed's away team as rows), so a sold board can link to it.
      team_a: 'Chiefs',
      team_b: 'Eagles',
      price_per_square: 10,
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { game: Game }).game;
  }

  async function drawn(game: Game): Promise<void> {
    await sellSquares(t.db.handle, game.id, (x, y) => ((x + y) % 2 === 0 ? alice.id : admin.id));
    const res = await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function link(game: Game, real: ReturnType<typeof realGame>, autoConfirm: boolean): Promise<FeedStatus> {
    const res = await asAdmin('PUT', `/api/admin/games/${game.id}/score-feed`, {
      league: real.league,
      date: real.date,
      event_id: real.id,
      auto_confirm: autoConfirm,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The link's own poll (the poller is woken) has ended.
    await poller.runSoon();
    return res.json() as FeedStatus;
  }

  /** Each winner's square's row and column digits on the board, and the digits that won. */
  async function winnerDigits(gameId: string) {
    const grid = await t.db.handle.db.selectFrom('game_grid_numbers').selectAll().where('game_id', '=', gameId).executeTakeFirstOrThrow();
    const rows = JSON.parse(grid.x_axis_numbers) as number[];
    const columns = JSON.parse(grid.y_axis_numbers) as number[];
    return (await winnerRows(t.db.handle, gameId)).map((w) => ({
      period: w.period,
      row: rows[w.square_x],
      column: columns[w.square_y],
      x: w.winning_numbers_x,
      y: w.winning_numbers_y,
    }));
  }

  /** Polls once at the game's next poll time (or now): the run it would have on its own. */
  async function poll(gameId: string): Promise<void> {
    const next = (await storedGame(t.db.handle, gameId)).feed_next_poll_at;
    expect(next, 'the game is still polled').not.toBeNull();
    await poller.pollDue(new Date(Math.max(Date.now(), Date.parse(next!)) + 1));
  }

  describe('search and link', () => {
    it('lists a league and day of the feed with teams, start and status; refuses bad input and non-admins', async () => {
      const real = realGame();
      feed.set(real.id, inPlay(2, '3:10', [7, 3], [0, 0]));
      const res = await asAdmin('GET', `/api/admin/score-feed/games?league=nfl&date=${real.date}`);
      expect(res.statusCode, res.body).toBe(200);
      const { games } = res.json() as FeedSearchResponse;
      expect(games).toEqual([
        expect.objectContaining({
          event_id: real.id,
          state: 'in',
          period: 2,
          clock: '3:10',
          home: { name: 'Philadelphia Eagles', abbreviation: 'PHI', score: 10 },
          away: { name: 'Kansas City Chiefs', abbreviation: 'KC', score: 0 },
        }),
      ]);
      expect(feed.requests.at(-1)).toBe(`/apis/site/v2/sports/football/nfl/scoreboard?dates=${real.day}`);
      expect((await asAdmin('GET', `/api/admin/score-feed/games?league=mens-college-basketball&date=${real.date}`)).statusCode).toBe(200);
      expect(feed.requests.at(-1)).toBe(`/apis/site/v2/sports/basketball/mens-college-basketball/scoreboard?dates=${real.day}&groups=50`);

      for (const query of ['league=mlb&date=2026-02-08', 'league=nfl&date=2026-02-30', 'league=nfl&date=tomorrow', 'league=nfl']) {
        const bad = await asAdmin('GET', `/api/admin/score-feed/games?${query}`);
        expect(bad.statusCode, query).toBe(400);
      }
      const player = await send(t.app, 'GET', `/api/admin/score-feed/games?league=nfl&date=${real.date}`, { cookie: alice.cookie });
      expect(player.statusCode).toBe(403);
    });

    it('says so when the feed fails, times out or sends what is not JSON (502, never 500)', async () => {
      const real = realGame();
      const url = `/api/admin/score-feed/games?league=nfl&date=${real.date}`;
      const says = async (message: string) => {
        const failed = await asAdmin('GET', url);
        expect(failed.statusCode).toBe(502);
        expect(failed.json()).toMatchObject({ error: { code: 'FEED_UNAVAILABLE', message } });
      };
      feed.failNext(1, 500);
      await says('The feed could not be searched: the feed answered with an error (HTTP 500). You can still enter scores by hand.');
      feed.invalidNext(1);
      await says('The feed could not be searched: the feed sent an answer that could not be read (not JSON). You can still enter scores by hand.');
      feed.hangNext(1);
      await says('The feed could not be searched: the feed did not answer within 0.3 s. You can still enter scores by hand.');
      expect((await asAdmin('GET', url)).statusCode).toBe(200);
    });

    it('stops reading a body that never ends at its limit (8 MB), long before the time-out', async () => {
      // The provider itself, with a time-out far longer than reading 8 MB takes on a loaded machine.
      const provider = espnFeed({ baseUrl: feed.url, timeoutMs: 60_000 });
      const real = realGame();
      feed.floodNext(1, real.day);
      await expect(provider.gamesOn('nfl', real.day)).rejects.toThrow('could not be read (too large)');
      expect(await provider.gamesOn('nfl', real.day)).toEqual([expect.objectContaining({ id: real.id })]);
    });

    it('fills in the teams (team A the away team) and the kickoff when the game has none; refuses a league of other periods', async () => {
      const real = realGame();
      const game = await newGame();
      const linked = await link(game, real, false);
      expect(linked).toMatchObject({ enabled: true, link: { league: 'nfl', event_id: real.id, auto_confirm: false }, team_a_home: false, message: null });
      const stored = (await asAdmin('GET', `/api/games/${game.id}`)).json() as { game: Game };
      expect(stored.game).toMatchObject({ team_a: 'Kansas City Chiefs', team_b: 'Philadelphia Eagles', time_zone: 'America/New_York' });
      // The feed's start, to the minute as ESPN gives it.
      expect(Math.abs(Date.parse(stored.game.kickoff_at!) - (Date.now() + HOUR))).toBeLessThan(2 * 60_000);
      expect(stored.game.score_feed).toMatchObject({ league: 'nfl', event_id: real.id, live: { state: 'pre', team_a_score: 0, team_b_score: 0 } });

      const halves = await newGame({ game_type: 'college-basketball' });
      const refused = await asAdmin('PUT', `/api/admin/games/${halves.id}/score-feed`, {
        league: 'nfl',
        date: real.date,
        event_id: real.id,
        auto_confirm: false,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('NFL is played in quarters; this game is played in halves');
      const unknown = await asAdmin('PUT', `/api/admin/games/${game.id}/score-feed`, { league: 'nfl', date: real.date, event_id: '123', auto_confirm: false });
      expect(unknown.statusCode).toBe(404);
    });

    it("D50: a sold board keeps its rows and columns: the feed's teams are matched by name, each score lands on its side", async () => {
      // Squares sold (numbers not drawn yet); team A (rows) is the Eagles, the feed's home team.
      const real = realGame();
      const game = await newGame({ team_a: 'eagles', team_b: 'KANSAS CITY' });
      await sellSquares(t.db.handle, game.id, (x, y) => (x === 0 && y === 0 ? alice.id : null));
      const linked = await link(game, real, false);
      expect(linked.team_a_home).toBe(true);
      expect(linked.message).toBe(
        "Squares are sold, so the rows and columns stay as they are: eagles (rows) follows the feed's home team, KANSAS CITY (columns) the other.",
      );
      expect(await storedGame(t.db.handle, game.id)).toMatchObject({ team_a: 'eagles', team_b: 'KANSAS CITY' });

      // Eagles 7, Chiefs 3 after Q1: team A (Eagles) has 7.
      await sellSquares(t.db.handle, game.id, (x, y) => (x === 0 && y === 0 ? null : (x + y) % 2 === 0 ? alice.id : admin.id));
      const drawnRes = await asAdmin('POST', `/api/admin/games/${game.id}/numbers/randomize`, { confirm_not_full: true });
      expect(drawnRes.statusCode, drawnRes.body).toBe(200);
      feed.set(real.id, inPlay(2, '14:10', [7, 0], [3, 0]));
      await poll(game.id);
      expect((await status(game.id)).link?.live).toMatchObject({ team_a_score: 7, team_b_score: 3 });
      expect((await status(game.id)).entries).toEqual([{ period: 1, team_a_score: 7, team_b_score: 3, entered_at: expect.any(String), confirmed: false }]);
      const confirmed = await asAdmin('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: 7, team_b_score: 3 });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      // The winner is the square at row digit 7 (team A) and column digit 3 (team B).
      expect(await winnerDigits(game.id)).toEqual([{ period: 1, row: 7, column: 3, x: 7, y: 3 }]);
      expect(await storedGame(t.db.handle, game.id)).toMatchObject({ team_a: 'eagles', team_b: 'KANSAS CITY' });
    });

    it("D50: the feed's home team as team B (columns): scores land on their sides, winners on the right digits", async () => {
      const real = realGame();
      const game = await newGame({ team_a: 'KC', team_b: 'Philadelphia' });
      await drawn(game);
      const linked = await link(game, real, true);
      expect(linked.team_a_home).toBe(false);
      feed.set(real.id, inPlay(2, '14:10', [6, 0], [14, 0]));
      await poll(game.id);
      // Chiefs (away, team A, rows) 14, Eagles (home, team B, columns) 6: confirmed by itself as 14-6.
      expect((await status(game.id)).entries).toEqual([{ period: 1, team_a_score: 14, team_b_score: 6, entered_at: expect.any(String), confirmed: true }]);
      expect(await winnerDigits(game.id)).toEqual([{ period: 1, row: 4, column: 6, x: 4, y: 6 }]);
    });

    it('D50: refuses a feed game whose teams do not match a sold board, naming both pairs; nothing is linked', async () => {
      const real = realGame();
      const game = await newGame({ team_a: 'Cowboys', team_b: 'Eagles' });
      await sellSquares(t.db.handle, game.id, (x, y) => (x === 3 && y === 4 ? alice.id : null));
      const res = await asAdmin('PUT', `/api/admin/games/${game.id}/score-feed`, {
        league: real.league,
        date: real.date,
        event_id: real.id,
        auto_confirm: false,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: {
          code: 'FEED_TEAMS_MISMATCH',
          message:
            "The feed's game is Kansas City Chiefs at Philadelphia Eagles, but this game's teams are Cowboys (rows) and Eagles (columns). Once a square is sold the rows and columns cannot change: choose the real game these teams play.",
        },
      });
      expect(await storedGame(t.db.handle, game.id)).toMatchObject({ team_a: 'Cowboys', team_b: 'Eagles', feed_event_id: null, feed_next_poll_at: null });
    });

    it('before any square is sold the link fills the teams in, in the order their names already have', async () => {
      const named = await newGame({ team_a: 'Eagles', team_b: 'Chiefs' });
      expect((await link(named, realGame(), false)).team_a_home).toBe(true);
      expect(await storedGame(t.db.handle, named.id)).toMatchObject({ team_a: 'Philadelphia Eagles', team_b: 'Kansas City Chiefs' });
    });

    it("searches by the game's local date: the feed's US Eastern days it overlaps, around midnight UTC; links by the day listed", async () => {
      // 23:30 UTC on Mar 9 is 6:30 PM EST, 00:30 UTC on Mar 10 is 7:30 PM EST: ESPN lists both on Mar 9.
      const early = String((nextEvent += 1));
      const late = String((nextEvent += 1));
      feed.addGame({ id: early, sport: 'football', league: 'nfl', day: '20270309', startsAt: '2027-03-09T23:30:00.000Z', home: EAGLES, away: CHIEFS });
      feed.addGame({ id: late, sport: 'football', league: 'nfl', day: '20270309', startsAt: '2027-03-10T00:30:00.000Z', home: EAGLES, away: CHIEFS });
      const search = async (date: string, zone: string) => {
        const res = await asAdmin('GET', `/api/admin/score-feed/games?league=nfl&date=${date}&time_zone=${encodeURIComponent(zone)}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as FeedSearchResponse).games.map((game) => [game.event_id, game.feed_date]);
      };
      const before = feed.requests.length;
      expect(await search('2027-03-10', 'Europe/London')).toEqual([[late, '2027-03-09']]);
      // London's Mar 10 runs from 7 PM EST on Mar 9 to 7 PM EST on Mar 10, and the day before the first is read too
      // (the days are read at once, so they arrive in any order).
      expect(feed.requests.slice(before).sort()).toEqual(
        ['20270308', '20270309', '20270310'].map((day) => `/apis/site/v2/sports/football/nfl/scoreboard?dates=${day}`),
      );
      expect(await search('2027-03-09', 'Europe/London')).toEqual([[early, '2027-03-09']]);
      expect(await search('2027-03-09', 'America/New_York')).toEqual([
        [early, '2027-03-09'],
        [late, '2027-03-09'],
      ]);
      expect(await search('2027-03-10', 'America/New_York')).toEqual([]);
      // Tokyo's Mar 10 holds both (8:30 and 9:30 AM JST).
      expect(await search('2027-03-10', 'Asia/Tokyo')).toEqual([
        [early, '2027-03-09'],
        [late, '2027-03-09'],
      ]);
      const badZone = await asAdmin('GET', '/api/admin/score-feed/games?league=nfl&date=2027-03-09&time_zone=Mars/Olympus');
      expect(badZone.statusCode).toBe(400);
      // The link sends the feed's day the game is listed on.
      const game = await newGame();
      const res = await asAdmin('PUT', `/api/admin/games/${game.id}/score-feed`, { league: 'nfl', date: '2027-03-09', event_id: late, auto_confirm: false });
      expect(res.statusCode, res.body).toBe(200);
      expect((await storedGame(t.db.handle, game.id)).feed_event_day).toBe('20270309');
    });

    it('unlinks: nothing is polled any more', async () => {
      const real = realGame();
      const game = await newGame();
      await link(game, real, false);
      const res = await asAdmin('DELETE', `/api/admin/games/${game.id}/score-feed`);
      expect(res.json()).toMatchObject({ link: null });
      expect((await storedGame(t.db.handle, game.id)).feed_next_poll_at).toBeNull();
    });
  });

  describe('polling', () => {
    it('one-click: enters each finished period as the app (not confirmed), publishes the live score, stops after the final', async () => {
      const real = realGame();
      const game = await newGame();
      await drawn(game);
      await link(game, real, false);
      const events: string[] = [];
      const unsubscribe = t.app.gameEvents.subscribe(game.id, (event) => events.push(event.reason));

      feed.set(real.id, inPlay(1, '8:21', [7], [3]));
      await poll(game.id);
      expect(((await asAdmin('GET', `/api/games/${game.id}`)).json() as { game: Game }).game.score_feed?.live).toMatchObject({
        state: 'in',
        period: 1,
        clock: '8:21',
        team_a_score: 3,
        team_b_score: 7,
      });
      // On PostgreSQL the event comes back through NOTIFY and the LISTEN connection: wait for it.
      await expect.poll(() => events).toContain('game');
      expect(await activity(game.id)).toEqual([]);

      feed.set(real.id, inPlay(2, '14:55', [7, 0], [3, 0]));
      await poll(game.id);
      feed.set(real.id, inPlay(3, '15:00', [7, 7], [3, 10], 'STATUS_IN_PROGRESS'));
      await poll(game.id);
      expect((await status(game.id)).entries).toEqual([
        { period: 1, team_a_score: 3, team_b_score: 7, entered_at: expect.any(String), confirmed: false },
        { period: 2, team_a_score: 13, team_b_score: 14, entered_at: expect.any(String), confirmed: false },
      ]);
      expect(await activity(game.id)).toEqual([
        { action: 'score_entered', actor_user_id: null, detail: JSON.stringify({ period: 1, team_a_score: 3, team_b_score: 7 }) },
        { action: 'score_entered', actor_user_id: null, detail: JSON.stringify({ period: 2, team_a_score: 13, team_b_score: 14 }) },
      ]);
      expect(await winnerRows(t.db.handle, game.id)).toEqual([]);

      // The admin's one click: the same confirmation as typing the score.
      const confirmed = await asAdmin('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: 3, team_b_score: 7 });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      feed.set(real.id, final([7, 7, 3, 7], [3, 10, 0, 7]));
      await poll(game.id);
      const after = await status(game.id);
      expect(after.entries.map((entry) => [entry.period, entry.team_a_score, entry.team_b_score, entry.confirmed])).toEqual([
        [1, 3, 7, true],
        [2, 13, 14, false],
        [3, 13, 17, false],
        [4, 20, 24, false],
      ]);
      expect(after.next_poll_at).toBeNull();
      const asked = () => feed.requests.filter((path) => path.includes(`dates=${real.day}`)).length;
      const requests = asked();
      await poller.pollDue(new Date(Date.now() + 10 * HOUR));
      expect(asked()).toBe(requests);
      unsubscribe();
    });

    it('auto-confirm: confirms each period by the admin path as the app; overtime counts in the final; polling stops', async () => {
      const real = realGame();
      const game = await newGame();
      await drawn(game);
      await link(game, real, true);
      feed.set(real.id, inPlay(3, '9:00', [7, 3, 0], [0, 14, 0]));
      await poll(game.id);
      expect((await winnerRows(t.db.handle, game.id)).map((w) => [w.period, w.admin_user_id])).toEqual([
        [1, null],
        [2, null],
      ]);
      feed.set(real.id, inPlay(5, '6:00', [7, 3, 7, 7, 0], [0, 14, 3, 7, 0]));
      await poll(game.id);
      expect((await winnerRows(t.db.handle, game.id)).map((w) => w.period)).toEqual([1, 2, 3]);
      feed.set(real.id, final([7, 3, 7, 7, 6], [0, 14, 3, 7, 0]));
      await poll(game.id);
      const scores = await t.db.handle.db
        .selectFrom('period_scores')
        .select(['period', 'team_a_score', 'team_b_score', 'entered_by'])
        .where('game_id', '=', game.id)
        .orderBy('period')
        .execute();
      // Team A is the away team (the Chiefs): 0, 14, 3, 7 and 0 in overtime; the Eagles won 30-24 in overtime.
      expect(scores).toEqual([
        { period: 1, team_a_score: 0, team_b_score: 7, entered_by: null },
        { period: 2, team_a_score: 14, team_b_score: 10, entered_by: null },
        { period: 3, team_a_score: 17, team_b_score: 17, entered_by: null },
        { period: 4, team_a_score: 24, team_b_score: 30, entered_by: null },
      ]);
      expect((await storedGame(t.db.handle, game.id)).is_active).toBe(false);
      const log = await activity(game.id);
      expect(log.filter((entry) => entry.action === 'confirmed').map((entry) => entry.actor_user_id)).toEqual([null, null, null, null]);
      expect((await status(game.id)).next_poll_at).toBeNull();
    });

    it('a period the feed confirms mails its winner "you won" as a manual confirmation does, once the numbers are shown, and once', async () => {
      const real = realGame();
      const game = await newGame();
      await drawn(game);
      await link(game, real, true);
      const wonMails = () =>
        t.db.handle.db
          .selectFrom('mail_queue')
          .select(['recipient', 'subject'])
          .where('kind', '=', 'won')
          .where('subject', 'like', `% in ${game.title}: %`)
          .orderBy('created_at')
          .execute();
      const emailOf = (userId: string | null) => (userId === alice.id ? alice.email : userId === admin.id ? admin.email : null);
      /** What the winner of `quarter` is mailed (every square is owned: each period has a winner). */
      const expectedFor = async (period: number) => {
        const winner = (await winnerRows(t.db.handle, game.id)).find((w) => w.period === period)!;
        const label = periodWinningsLabel(QUARTER_MODEL, winner.period as Period);
        return { recipient: emailOf(winner.user_id), subject: `You won ${label} in ${game.title}: ${formatUsd(winner.payout_amount_cents)}` };
      };

      // Q1 ends: the feed confirms it, but the numbers are hidden (D16): nobody is told yet.
      feed.set(real.id, inPlay(2, '14:00', [7, 0], [3, 0]));
      await poll(game.id);
      expect((await winnerRows(t.db.handle, game.id)).map((w) => [w.period, w.admin_user_id])).toEqual([[1, null]]);
      expect(await wonMails()).toEqual([]);

      // The Reveal tells the feed's winner, as it tells a winner confirmed by hand.
      expect((await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true })).statusCode).toBe(200);
      const q1 = await expectedFor(1);
      expect(await wonMails()).toEqual([expect.objectContaining(q1)]);

      // Q2 confirmed by hand, Q3 by the feed (numbers shown now): each winner mailed once, at once, in the same words.
      expect((await asAdmin('PUT', `/api/admin/games/${game.id}/periods/2`, { team_a_score: 3, team_b_score: 14 })).statusCode).toBe(200);
      const q2 = await expectedFor(2);
      feed.set(real.id, inPlay(4, '15:00', [7, 7, 3], [3, 11, 0]));
      await poll(game.id);
      expect((await winnerRows(t.db.handle, game.id)).map((w) => [w.period, w.admin_user_id])).toEqual([
        [1, null],
        [2, admin.id],
        [3, null],
      ]);
      const q3 = await expectedFor(3);
      expect(await wonMails()).toEqual([q1, q2, q3].map((mail) => expect.objectContaining(mail)));
      // Each as sent, with its one-click unsubscribe for "you won" (a sent mail's queue row keeps no copy of it).
      for (const mail of [q1, q2, q3]) expect((await smtp.waitFor(mail.recipient!, mail.subject)).headers['list-unsubscribe']).toMatch(/\.won\./);
      await poll(game.id);
      expect(await wonMails()).toHaveLength(3);

      // Over SMTP: the feed's Q3 winner reads the score the feed entered (team A the away team).
      const mail = await smtp.waitFor(q3.recipient!, q3.subject);
      expect(mail.text).toContain(`won 3rd Quarter of ${game.title} (Chiefs 14 - Eagles 17)`);
      expect(mail.headers['list-unsubscribe']).toMatch(/\/api\/mail\/unsubscribe\?token=u1\.[\w-]+\.won\./);
    });

    it('manual entry wins: a period confirmed by hand is never written; the feed saying otherwise is told', async () => {
      const real = realGame();
      const game = await newGame();
      await drawn(game);
      await link(game, real, true);
      const byHand = await asAdmin('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: 1, team_b_score: 1 });
      expect(byHand.statusCode, byHand.body).toBe(200);
      feed.set(real.id, inPlay(2, '10:00', [7, 0], [3, 0]));
      await poll(game.id);
      const [q1] = await winnerRows(t.db.handle, game.id);
      expect(q1).toMatchObject({ period: 1, admin_user_id: admin.id, winning_numbers_x: 1, winning_numbers_y: 1 });
      expect(await activity(game.id)).toEqual([expect.objectContaining({ action: 'confirmed', actor_user_id: admin.id })]);
      expect((await status(game.id)).differs).toEqual([
        { period: 1, feed: { team_a_score: 3, team_b_score: 7 }, confirmed: { team_a_score: 1, team_b_score: 1 } },
      ]);
    });

    it('a corrected score updates an unconfirmed entry; after confirmation it changes no money and is told', async () => {
      const real = realGame();
      const game = await newGame();
      await drawn(game);
      await link(game, real, false);
      feed.set(real.id, inPlay(2, '10:00', [7, 0], [3, 0]));
      await poll(game.id);
      // The feed takes back a field goal: Q1 was 0-7.
      feed.set(real.id, inPlay(2, '9:00', [7, 0], [0, 0]));
      await poll(game.id);
      expect((await status(game.id)).entries).toEqual([expect.objectContaining({ period: 1, team_a_score: 0, team_b_score: 7, confirmed: false })]);
      expect((await activity(game.id)).at(-1)).toEqual({
        action: 'score_entered',
        actor_user_id: null,
        detail: JSON.stringify({ period: 1, team_a_score: 0, team_b_score: 7, corrected: true }),
      });
      expect((await asAdmin('PUT', `/api/admin/games/${game.id}/periods/1`, { team_a_score: 0, team_b_score: 7 })).statusCode).toBe(200);
      const before = await winnerRows(t.db.handle, game.id);
      feed.set(real.id, inPlay(2, '8:00', [7, 0], [6, 0]));
      await poll(game.id);
      expect(await winnerRows(t.db.handle, game.id)).toEqual(before);
      expect((await status(game.id)).differs).toEqual([
        { period: 1, feed: { team_a_score: 6, team_b_score: 7 }, confirmed: { team_a_score: 0, team_b_score: 7 } },
      ]);
    });

    it('auto-confirm waits for the numbers: entered, not confirmed, and why; confirmed at the first poll after the draw', async () => {
      const real = realGame();
      const game = await newGame();
      await link(game, real, true);
      feed.set(real.id, inPlay(2, '1:00', [7, 0], [0, 0]));
      await poll(game.id);
      const waiting = await status(game.id);
      expect(waiting.entries).toEqual([expect.objectContaining({ period: 1, confirmed: false })]);
      expect(waiting.note).toMatch(/numbers/i);
      expect(waiting.next_poll_at).not.toBeNull();
      await drawn(game);
      await poll(game.id);
      expect((await status(game.id)).entries).toEqual([expect.objectContaining({ period: 1, confirmed: true })]);
      expect((await status(game.id)).note).toBeNull();
    });

    it('a delay is stored as the feed says it', async () => {
      const real = realGame();
      const game = await newGame();
      await link(game, real, false);
      feed.set(real.id, inPlay(3, '2:11', [7, 0, 3], [0, 0, 0], 'STATUS_DELAYED'));
      await poll(game.id);
      expect((await status(game.id)).link?.live).toMatchObject({ status: 'STATUS_DELAYED', period: 3, clock: '2:11' });
    });

    it('backs off after errors, invalid JSON and time-outs (doubling with jitter), and recovers', async () => {
      // A game under way: no start or kickoff ahead to wake it earlier.
      const real = realGame(new Date(Date.now() - HOUR).toISOString());
      feed.set(real.id, inPlay(1, '9:00', [0], [0]));
      const game = await newGame();
      await link(game, real, false);
      const backoff = async (failures: number, message: string) => {
        const before = (await storedGame(t.db.handle, game.id)).feed_next_poll_at!;
        const at = Math.max(Date.now(), Date.parse(before)) + 1;
        await poller.pollDue(new Date(at));
        const row = await storedGame(t.db.handle, game.id);
        expect(row.feed_failures).toBe(failures);
        expect(row.feed_error).toContain(message);
        const wait = Date.parse(row.feed_next_poll_at!) - at;
        const base = Math.min(FEED_MAX_BACKOFF_MS, INTERVAL_MS * 2 ** failures);
        expect(wait).toBeGreaterThanOrEqual(base / 2 - 1);
        expect(wait).toBeLessThanOrEqual(base + 1);
      };
      feed.failNext(1, 500, real.day);
      await backoff(1, 'answered with an error (HTTP 500)');
      feed.invalidNext(1, real.day);
      await backoff(2, 'not JSON');
      feed.hangNext(1, real.day);
      await backoff(3, 'did not answer within 0.3 s');
      feed.failNext(1, 503, real.day);
      await backoff(4, 'answered with an error (HTTP 503)');
      feed.set(real.id, inPlay(1, '5:00', [0], [0]));
      await poll(game.id);
      const row = await storedGame(t.db.handle, game.id);
      expect([row.feed_failures, row.feed_error]).toEqual([0, null]);
    });

    it('polls at the interval from the lead before the pool kickoff (earlier than the feed start) and right after the kickoff, whatever failed before', async () => {
      const minute = 60_000;
      const kickoff = Math.floor((Date.now() + 3 * HOUR) / minute) * minute;
      // The feed's start is later than the pool's kickoff.
      const real = realGame(new Date(kickoff + 2 * HOUR).toISOString());
      const game = await newGame({ kickoff_at: new Date(kickoff).toISOString(), time_zone: 'America/New_York' });
      await link(game, real, false);
      const nextPoll = async () => Date.parse((await storedGame(t.db.handle, game.id)).feed_next_poll_at!);
      expect(await nextPoll()).toBe(kickoff - FEED_LEAD_MS);

      // The feed fails from the lead on: each wait backs off, but never past the kickoff.
      let at = kickoff - FEED_LEAD_MS;
      for (let i = 0; at < kickoff && i < 10; i += 1) {
        feed.failNext(1, 503, real.day);
        await poller.pollDue(new Date(at));
        const next = await nextPoll();
        expect(next).toBeGreaterThan(at);
        expect(next).toBeLessThanOrEqual(kickoff);
        at = next;
      }
      expect(at).toBe(kickoff);
      expect((await storedGame(t.db.handle, game.id)).feed_failures).toBeGreaterThanOrEqual(3);
      // Right after the kickoff the back-off starts over: one more failure waits about one interval, not ten minutes.
      feed.failNext(1, 503, real.day);
      await poller.pollDue(new Date(kickoff + 1));
      expect((await storedGame(t.db.handle, game.id)).feed_failures).toBe(1);
      expect((await nextPoll()) - (kickoff + 1)).toBeLessThanOrEqual(2 * INTERVAL_MS);

      // The game is on: read at the next poll, then every interval.
      feed.set(real.id, inPlay(1, '12:40', [0], [7]));
      at = await nextPoll();
      await poller.pollDue(new Date(at));
      expect((await status(game.id)).link?.live).toMatchObject({ team_a_score: 7, team_b_score: 0, clock: '12:40' });
      expect(await nextPoll()).toBe(at + INTERVAL_MS);
      // The periodic pass's timer fires a hair before the due time: the poll is still taken now, not one interval later.
      feed.set(real.id, inPlay(1, '9:02', [0], [14]));
      await poller.pollDue(new Date(at + INTERVAL_MS - 5));
      expect((await status(game.id)).link?.live).toMatchObject({ team_a_score: 14, clock: '9:02' });
    });

    it('a kickoff moved after the link is read at the next pass: polls wake at the lead before the new one', async () => {
      const minute = 60_000;
      const start = Math.floor((Date.now() + 6 * HOUR) / minute) * minute;
      const real = realGame(new Date(start).toISOString());
      const game = await newGame({ kickoff_at: new Date(start).toISOString(), time_zone: 'America/New_York' });
      await link(game, real, false);
      expect(Date.parse((await storedGame(t.db.handle, game.id)).feed_next_poll_at!)).toBe(start - FEED_LEAD_MS);
      const kickoff = start - 2 * HOUR;
      const moved = await asAdmin('PATCH', `/api/admin/games/${game.id}`, { kickoff_at: new Date(kickoff).toISOString() });
      expect(moved.statusCode, moved.body).toBe(200);
      const now = Date.now();
      expect(Date.parse((await storedGame(t.db.handle, game.id)).feed_next_poll_at!)).toBeLessThanOrEqual(now);
      await poller.pollDue(new Date(now));
      expect(Date.parse((await storedGame(t.db.handle, game.id)).feed_next_poll_at!)).toBe(kickoff - FEED_LEAD_MS);
    });

    it('drops a clock or status that breaks the text rule (bidi overrides, NUL): never stored, published or listed', async () => {
      const real = realGame();
      const game = await newGame();
      await link(game, real, false);
      feed.set(real.id, inPlay(2, '3:10\u202E', [7, 3], [0, 0], 'STATUS_IN_PROGRESS\u0000'));
      await poll(game.id);
      const live = (await status(game.id)).link?.live;
      expect(live).toMatchObject({ state: 'in', period: 2, clock: '', status: '', team_a_score: 0, team_b_score: 10 });
      const stored = (await storedGame(t.db.handle, game.id)).feed_live!;
      expect(stored).not.toMatch(/\\u202e|\\u0000/i);
      expect(JSON.parse(stored)).toMatchObject({ clock: '', status: '' });
      const board = ((await asAdmin('GET', `/api/games/${game.id}`)).json() as { game: Game }).game.score_feed?.live;
      expect(board).toMatchObject({ clock: '', status: '' });
      const listed = (await asAdmin('GET', `/api/admin/score-feed/games?league=nfl&date=${real.date}`)).json() as FeedSearchResponse;
      expect(listed.games[0]).toMatchObject({ clock: '', status: '' });
      // Logged with the event and the field, not the value.
      const dropped = logLines.map((line) => JSON.parse(line) as { msg: string; eventId?: string; field?: string }).filter((line) => line.eventId === real.id);
      expect(dropped.map((line) => [line.msg, line.field])).toEqual(
        expect.arrayContaining([
          ['score feed: a value broke the text rule and was dropped', 'clock'],
          ['score feed: a value broke the text rule and was dropped', 'status'],
        ]),
      );
      expect(logLines.join('')).not.toMatch(/\u202E|\\u202e|\\u0000/i);
      // A good value after a bad one shows again.
      feed.set(real.id, inPlay(2, '1:05', [7, 3], [0, 0]));
      await poll(game.id);
      expect((await status(game.id)).link?.live).toMatchObject({ clock: '1:05', status: 'STATUS_IN_PROGRESS' });
    });

    it('two more instances polling at the same moment: each due poll happens once', async () => {
      const real = realGame();
      const game = await newGame();
      await drawn(game);
      await link(game, real, true);
      feed.set(real.id, inPlay(2, '3:00', [7, 0], [0, 3]));
      const env = { SCORE_FEED: 'espn', SCORE_FEED_URL: feed.url, SCORE_FEED_INTERVAL_SECONDS: '3600', SCORE_FEED_TIMEOUT_SECONDS: '2' };
      const [one, two] = await Promise.all([startInstance(t.db, { env }), startInstance(t.db, { env })]);
      try {
        const next = (await storedGame(t.db.handle, game.id)).feed_next_poll_at!;
        const at = new Date(Date.parse(next) + 1);
        const asked = () => feed.requests.filter((path) => path.includes(`dates=${real.day}`)).length;
        const before = asked();
        await Promise.all([one.app.scoreFeedPoller!.pollDue(at), two.app.scoreFeedPoller!.pollDue(at), poller.pollDue(at)]);
        expect(asked() - before).toBe(1);
        expect((await activity(game.id)).map((entry) => entry.action).sort()).toEqual(['confirmed', 'score_entered']);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });
  });
});

describe(`score feed off (D39, ${testDbKind})`, () => {
  let t: TestApp;
  let admin: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ env: { SCORE_FEED: 'off' } });
    admin = await testAccount(t, { admin: true });
  });
  afterAll(() => t.close());

  it('polls nothing and links nothing, and says so', async () => {
    expect(t.app.scoreFeedPoller).toBeNull();
    const search = await send(t.app, 'GET', '/api/admin/score-feed/games?league=nfl&date=2026-02-08', { cookie: admin.cookie });
    expect(search.statusCode).toBe(409);
    expect(search.json()).toMatchObject({
      error: {
        code: 'FEED_OFF',
        message: 'The feed could not be searched: the live score feed is off on this server (SCORE_FEED=off). You can still enter scores by hand.',
      },
    });
    const created = await send(t.app, 'POST', '/api/admin/games', {
      cookie: admin.cookie,
      payload: { title: 'Off Bowl', team_a: 'A', team_b: 'B', price_per_square: 5 },
    });
    const { game } = created.json() as { game: Game };
    const link = await send(t.app, 'PUT', `/api/admin/games/${game.id}/score-feed`, {
      cookie: admin.cookie,
      payload: { league: 'nfl', date: '2026-02-08', event_id: '401', auto_confirm: true },
    });
    expect(link.statusCode).toBe(409);
    expect(link.json()).toMatchObject({ error: { code: 'FEED_OFF', message: 'The live score feed is off on this server (SCORE_FEED=off).' } });
    const stat = await send(t.app, 'GET', `/api/admin/games/${game.id}/score-feed`, { cookie: admin.cookie });
    expect(stat.json()).toMatchObject({ enabled: false, link: null });
  });
});
