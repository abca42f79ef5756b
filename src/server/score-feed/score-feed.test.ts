import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '@core/api/games';
import type { FeedSearchResponse, FeedStatus } from '@core/api/score-feed';
import { formatUsd } from '@core/money';
import { type Period, periodWinningsLabel, QUARTER_MODEL } from '@core/periods';
import { FEED_MAX_BACKOFF_MS } from '@core/score-feed';
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
    });
    poller = t.app.scoreFeedPoller!;
    [admin, alice] = await Promise.all([testAccount(t, { admin: true }), testAccount(t, { prefix: 'alice' })]);
  });
  afterAll(async () => {
    await t.close();
    await feed.close();
    await smtp.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => send(t.app, method, url, { cookie: admin.cookie, payload });
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
      team_a: 'A team',
      team_b: 'B team',
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
      feed.failNext(1, 500);
      const failed = await asAdmin('GET', url);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ error: { code: 'FEED_UNAVAILABLE', message: expect.stringContaining('answered 500') } });
      feed.invalidNext(1);
      expect((await asAdmin('GET', url)).json()).toMatchObject({ error: { message: expect.stringContaining('not JSON') } });
      feed.hangNext(1);
      expect((await asAdmin('GET', url)).json()).toMatchObject({ error: { message: expect.stringContaining('did not answer within 0.3 s') } });
      expect((await asAdmin('GET', url)).statusCode).toBe(200);
    });

    it('stops reading a body that never ends at its limit (8 MB), long before the time-out', async () => {
      // The provider itself, with a time-out far longer than reading 8 MB takes on a loaded machine.
      const provider = espnFeed({ baseUrl: feed.url, timeoutMs: 60_000 });
      const real = realGame();
      feed.floodNext(1, real.day);
      await expect(provider.gamesOn('nfl', real.day)).rejects.toThrow('The score feed sent too much');
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

    it('keeps teams that can no longer change, says so, and follows the side their names match', async () => {
      const real = realGame();
      const game = await newGame({ team_a: 'Eagles', team_b: 'Chiefs' });
      await drawn(game);
      const linked = await link(game, real, false);
      expect(linked.team_a_home).toBe(false);
      expect(linked.message).toContain('Teams cannot change once the numbers are drawn');
      const named = await newGame({ team_a: 'Philadelphia Eagles', team_b: 'Kansas City Chiefs' });
      await drawn(named);
      expect((await link(named, realGame(), false)).team_a_home).toBe(true);
      expect((await storedGame(t.db.handle, named.id)).team_a).toBe('Philadelphia Eagles');
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
      expect(events).toContain('game');
      expect(await activity(game.id)).toEqual([]);

      feed.set(real.id, inPlay(2, '14:55', [7, 0], [3, 0]));
      await poll(game.id);
      feed.set(real.id, inPlay(3, '15:00', [7, 7], [3, 10], 'STATUS_IN_PROGRESS'));
      await poll(game.id);
      expect((await status(game.id)).entries).toEqual([
        { quarter: 1, team_a_score: 3, team_b_score: 7, entered_at: expect.any(String), confirmed: false },
        { quarter: 2, team_a_score: 13, team_b_score: 14, entered_at: expect.any(String), confirmed: false },
      ]);
      expect(await activity(game.id)).toEqual([
        { action: 'score_entered', actor_user_id: null, detail: JSON.stringify({ quarter: 1, team_a_score: 3, team_b_score: 7 }) },
        { action: 'score_entered', actor_user_id: null, detail: JSON.stringify({ quarter: 2, team_a_score: 13, team_b_score: 14 }) },
      ]);
      expect(await winnerRows(t.db.handle, game.id)).toEqual([]);

      // The admin's one click: the same confirmation as typing the score.
      const confirmed = await asAdmin('PUT', `/api/admin/games/${game.id}/quarters/1`, { team_a_score: 3, team_b_score: 7 });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      feed.set(real.id, final([7, 7, 3, 7], [3, 10, 0, 7]));
      await poll(game.id);
      const after = await status(game.id);
      expect(after.entries.map((entry) => [entry.quarter, entry.team_a_score, entry.team_b_score, entry.confirmed])).toEqual([
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
      expect((await winnerRows(t.db.handle, game.id)).map((w) => [w.quarter, w.admin_user_id])).toEqual([
        [1, null],
        [2, null],
      ]);
      feed.set(real.id, inPlay(5, '6:00', [7, 3, 7, 7, 0], [0, 14, 3, 7, 0]));
      await poll(game.id);
      expect((await winnerRows(t.db.handle, game.id)).map((w) => w.quarter)).toEqual([1, 2, 3]);
      feed.set(real.id, final([7, 3, 7, 7, 6], [0, 14, 3, 7, 0]));
      await poll(game.id);
      const scores = await t.db.handle.db
        .selectFrom('quarter_scores')
        .select(['quarter', 'team_a_score', 'team_b_score', 'entered_by'])
        .where('game_id', '=', game.id)
        .orderBy('quarter')
        .execute();
      // Team A is the away team (the Chiefs): 0, 14, 3, 7 and 0 in overtime; the Eagles won 30-24 in overtime.
      expect(scores).toEqual([
        { quarter: 1, team_a_score: 0, team_b_score: 7, entered_by: null },
        { quarter: 2, team_a_score: 14, team_b_score: 10, entered_by: null },
        { quarter: 3, team_a_score: 17, team_b_score: 17, entered_by: null },
        { quarter: 4, team_a_score: 24, team_b_score: 30, entered_by: null },
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
      const expectedFor = async (quarter: number) => {
        const winner = (await winnerRows(t.db.handle, game.id)).find((w) => w.quarter === quarter)!;
        const label = periodWinningsLabel(QUARTER_MODEL, winner.quarter as Period);
        return { recipient: emailOf(winner.user_id), subject: `You won ${label} in ${game.title}: ${formatUsd(winner.payout_amount_cents)}` };
      };

      // Q1 ends: the feed confirms it, but the numbers are hidden (D16): nobody is told yet.
      feed.set(real.id, inPlay(2, '14:00', [7, 0], [3, 0]));
      await poll(game.id);
      expect((await winnerRows(t.db.handle, game.id)).map((w) => [w.quarter, w.admin_user_id])).toEqual([[1, null]]);
      expect(await wonMails()).toEqual([]);

      // The Reveal tells the feed's winner, as it tells a winner confirmed by hand.
      expect((await asAdmin('PUT', `/api/admin/games/${game.id}/numbers/visibility`, { revealed: true })).statusCode).toBe(200);
      const q1 = await expectedFor(1);
      expect(await wonMails()).toEqual([expect.objectContaining(q1)]);

      // Q2 confirmed by hand, Q3 by the feed (numbers shown now): each winner mailed once, at once, in the same words.
      expect((await asAdmin('PUT', `/api/admin/games/${game.id}/quarters/2`, { team_a_score: 3, team_b_score: 14 })).statusCode).toBe(200);
      const q2 = await expectedFor(2);
      feed.set(real.id, inPlay(4, '15:00', [7, 7, 3], [3, 11, 0]));
      await poll(game.id);
      expect((await winnerRows(t.db.handle, game.id)).map((w) => [w.quarter, w.admin_user_id])).toEqual([
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
      expect(mail.text).toContain(`won 3rd Quarter of ${game.title} (A team 14 - B team 17)`);
      expect(mail.headers['list-unsubscribe']).toMatch(/\/api\/mail\/unsubscribe\?token=u1\.[\w-]+\.won\./);
    });

    it('manual entry wins: a period confirmed by hand is never written; the feed saying otherwise is told', async () => {
      const real = realGame();
      const game = await newGame();
      await drawn(game);
      await link(game, real, true);
      const byHand = await asAdmin('PUT', `/api/admin/games/${game.id}/quarters/1`, { team_a_score: 1, team_b_score: 1 });
      expect(byHand.statusCode, byHand.body).toBe(200);
      feed.set(real.id, inPlay(2, '10:00', [7, 0], [3, 0]));
      await poll(game.id);
      const [q1] = await winnerRows(t.db.handle, game.id);
      expect(q1).toMatchObject({ quarter: 1, admin_user_id: admin.id, winning_numbers_x: 1, winning_numbers_y: 1 });
      expect(await activity(game.id)).toEqual([expect.objectContaining({ action: 'confirmed', actor_user_id: admin.id })]);
      expect((await status(game.id)).differs).toEqual([
        { quarter: 1, feed: { team_a_score: 3, team_b_score: 7 }, confirmed: { team_a_score: 1, team_b_score: 1 } },
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
      expect((await status(game.id)).entries).toEqual([expect.objectContaining({ quarter: 1, team_a_score: 0, team_b_score: 7, confirmed: false })]);
      expect((await activity(game.id)).at(-1)).toEqual({
        action: 'score_entered',
        actor_user_id: null,
        detail: JSON.stringify({ quarter: 1, team_a_score: 0, team_b_score: 7, corrected: true }),
      });
      expect((await asAdmin('PUT', `/api/admin/games/${game.id}/quarters/1`, { team_a_score: 0, team_b_score: 7 })).statusCode).toBe(200);
      const before = await winnerRows(t.db.handle, game.id);
      feed.set(real.id, inPlay(2, '8:00', [7, 0], [6, 0]));
      await poll(game.id);
      expect(await winnerRows(t.db.handle, game.id)).toEqual(before);
      expect((await status(game.id)).differs).toEqual([
        { quarter: 1, feed: { team_a_score: 6, team_b_score: 7 }, confirmed: { team_a_score: 0, team_b_score: 7 } },
      ]);
    });

    it('auto-confirm waits for the numbers: entered, not confirmed, and why; confirmed at the first poll after the draw', async () => {
      const real = realGame();
      const game = await newGame();
      await link(game, real, true);
      feed.set(real.id, inPlay(2, '1:00', [7, 0], [0, 0]));
      await poll(game.id);
      const waiting = await status(game.id);
      expect(waiting.entries).toEqual([expect.objectContaining({ quarter: 1, confirmed: false })]);
      expect(waiting.note).toMatch(/numbers/i);
      expect(waiting.next_poll_at).not.toBeNull();
      await drawn(game);
      await poll(game.id);
      expect((await status(game.id)).entries).toEqual([expect.objectContaining({ quarter: 1, confirmed: true })]);
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
      const real = realGame();
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
      await backoff(1, 'answered 500');
      feed.invalidNext(1, real.day);
      await backoff(2, 'not JSON');
      feed.hangNext(1, real.day);
      await backoff(3, 'did not answer within 0.3 s');
      feed.failNext(1, 503, real.day);
      await backoff(4, 'answered 503');
      feed.set(real.id, inPlay(1, '5:00', [0], [0]));
      await poll(game.id);
      const row = await storedGame(t.db.handle, game.id);
      expect([row.feed_failures, row.feed_error]).toEqual([0, null]);
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
    expect(search.json()).toMatchObject({ error: { code: 'FEED_OFF', message: 'The live score feed is off on this server (SCORE_FEED=off).' } });
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
    const stat = await send(t.app, 'GET', `/api/admin/games/${game.id}/score-feed`, { cookie: admin.cookie });
    expect(stat.json()).toMatchObject({ enabled: false, link: null });
  });
});
