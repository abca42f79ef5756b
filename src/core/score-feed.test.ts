import { describe, expect, it } from 'vitest';
import { HALF_MODEL, QUARTER_MODEL } from './periods';
import {
  FEED_LEAD_MS,
  FEED_MAX_BACKOFF_MS,
  feedFinished,
  feedRetryDelayMs,
  finishedPeriods,
  leagueMismatch,
  type LiveScore,
  liveScoreLabel,
  liveScoreOf,
  failuresCounted,
  feedDaysFor,
  matchFeedSides,
  nextPollAfterFailure,
  nextPollAfterSuccess,
  startsOnDate,
} from './score-feed';
import { type DroppedFeedValue, FeedFormatError, parseEspnScoreboard } from './score-feed-espn';

/** An event as ESPN's scoreboard sends it (trimmed of fields nobody reads, a few kept). */
function espnEvent(overrides: { status?: object; home?: object; away?: object; id?: string } = {}) {
  const status = {
    clock: 501,
    displayClock: '8:21',
    period: 3,
    type: { id: '2', name: 'STATUS_IN_PROGRESS', state: 'in', completed: false, description: 'In Progress', detail: '8:21 - 3rd Quarter' },
    ...overrides.status,
  };
  return {
    id: overrides.id ?? '401671234',
    uid: 's:20~l:28~e:401671234',
    date: '2026-02-08T23:30Z',
    name: 'Kansas City Chiefs at Philadelphia Eagles',
    competitions: [
      {
        id: '401671234',
        competitors: [
          {
            id: '21',
            homeAway: 'home',
            team: { id: '21', displayName: 'Philadelphia Eagles', abbreviation: 'PHI', shortDisplayName: 'Eagles' },
            score: '17',
            linescores: [{ value: 7.0 }, { value: 3.0 }, { value: 7.0 }],
            ...overrides.home,
          },
          {
            id: '12',
            homeAway: 'away',
            team: { id: '12', displayName: 'Kansas City Chiefs', abbreviation: 'KC', shortDisplayName: 'Chiefs' },
            score: '10',
            linescores: [{ value: 0 }, { value: 10 }, { value: 0 }],
            ...overrides.away,
          },
        ],
        status,
      },
    ],
    status,
  };
}

const live = (values: Partial<LiveScore>): LiveScore => ({
  state: 'in',
  status: 'STATUS_IN_PROGRESS',
  completed: false,
  period: 1,
  clock: '15:00',
  team_a_score: 0,
  team_b_score: 0,
  team_a_periods: [],
  team_b_periods: [],
  ...values,
});

describe("ESPN's scoreboard JSON", () => {
  it('reads events: teams by home and away, string scores, line scores, status', () => {
    const [game] = parseEspnScoreboard({ leagues: [], events: [espnEvent()] });
    expect(game).toEqual({
      id: '401671234',
      startsAt: '2026-02-08T23:30:00.000Z',
      state: 'in',
      status: 'STATUS_IN_PROGRESS',
      completed: false,
      period: 3,
      clock: '8:21',
      home: { name: 'Philadelphia Eagles', abbreviation: 'PHI', shortName: 'Eagles', score: 17, periods: [7, 3, 7] },
      away: { name: 'Kansas City Chiefs', abbreviation: 'KC', shortName: 'Chiefs', score: 10, periods: [0, 10, 0] },
    });
  });

  it('drops a clock, status or abbreviation that breaks the text rule (bidi overrides, NUL, too long) and says which', () => {
    const dropped: DroppedFeedValue[] = [];
    const bad = (id: string, status: object, away: object = {}) =>
      espnEvent({ id, status, away: { team: { displayName: 'Kansas City Chiefs', abbreviation: 'KC', ...away } } });
    const games = parseEspnScoreboard(
      {
        events: [
          bad('1', { displayClock: '8:21\u202E', type: { name: 'STATUS_IN_PROGRESS\u0000', state: 'in', completed: false } }),
          bad('2', { displayClock: '1'.repeat(21), type: { name: 'S'.repeat(61), state: 'in', completed: false } }, { abbreviation: 'K\u200BC' }),
          bad('3', {}, { displayName: 'Chiefs\u202E' }),
          bad('4', { displayClock: '  8:21 ' }),
        ],
      },
      (value) => dropped.push(value),
    );
    expect(games.map((game) => [game.id, game.clock, game.status, game.away.abbreviation])).toEqual([
      ['1', '', '', 'KC'],
      ['2', '', '', ''],
      ['4', '8:21', 'STATUS_IN_PROGRESS', 'KC'],
    ]);
    expect(dropped).toEqual([
      { eventId: '1', field: 'clock' },
      { eventId: '1', field: 'status' },
      { eventId: '2', field: 'abbreviation' },
      { eventId: '2', field: 'clock' },
      { eventId: '2', field: 'status' },
      { eventId: '3', field: 'team' },
    ]);
    // What the board says of a dropped clock and status: the period alone, nothing of the bad value.
    expect(liveScoreLabel(liveScoreOf(games[0]!, false), QUARTER_MODEL)).toBe('Q3 ');
  });

  it('skips events it cannot read and refuses a body that is not a scoreboard', () => {
    const broken = [
      { id: 'x' },
      { ...espnEvent(), id: 'not-digits' },
      { ...espnEvent(), competitions: [] },
      espnEvent({ home: { homeAway: 'away' } }),
      espnEvent({ home: { score: '-3' }, id: '2' }),
      { ...espnEvent(), status: undefined, competitions: [{ ...espnEvent().competitions[0], status: undefined }] },
    ];
    const games = parseEspnScoreboard({ events: [...broken, espnEvent({ id: '99' })] });
    // A bad score is left out (null), the event kept; the others are skipped.
    expect(games.map((game) => [game.id, game.home.score])).toEqual([
      ['2', null],
      ['99', 17],
    ]);
    for (const body of [null, 'text', 42, {}, { events: 'no' }]) expect(() => parseEspnScoreboard(body)).toThrow(FeedFormatError);
  });

  it('takes a game before its start: no scores, no line scores', () => {
    const [game] = parseEspnScoreboard({
      events: [
        espnEvent({
          status: { period: 0, displayClock: '0:00', type: { name: 'STATUS_SCHEDULED', state: 'pre', completed: false } },
          home: { score: '0', linescores: undefined },
          away: { score: '0', linescores: undefined },
        }),
      ],
    });
    expect(game).toMatchObject({ state: 'pre', period: 0, home: { score: 0, periods: [] } });
  });
});

describe('the live score as the board says it', () => {
  it('says the period and clock, halftime, a period end, a delay, final and overtime', () => {
    expect(liveScoreLabel(live({ period: 3, clock: '8:21' }), QUARTER_MODEL)).toBe('Q3 8:21');
    expect(liveScoreLabel(live({ period: 5, clock: '4:02' }), QUARTER_MODEL)).toBe('OT 4:02');
    expect(liveScoreLabel(live({ period: 6, clock: '1:00' }), QUARTER_MODEL)).toBe('2OT 1:00');
    expect(liveScoreLabel(live({ period: 2, clock: '11:40' }), HALF_MODEL)).toBe('H2 11:40');
    expect(liveScoreLabel(live({ period: 3, clock: '3:00' }), HALF_MODEL)).toBe('OT 3:00');
    expect(liveScoreLabel(live({ period: 2, status: 'STATUS_HALFTIME' }), QUARTER_MODEL)).toBe('Halftime');
    expect(liveScoreLabel(live({ period: 1, status: 'STATUS_END_PERIOD' }), QUARTER_MODEL)).toBe('End of Q1');
    expect(liveScoreLabel(live({ status: 'STATUS_DELAYED' }), QUARTER_MODEL)).toBe('Delayed');
    expect(liveScoreLabel(live({ status: 'STATUS_RAIN_DELAY' }), QUARTER_MODEL)).toBe('Delayed');
    expect(liveScoreLabel(live({ state: 'pre', status: 'STATUS_SCHEDULED', period: 0 }), QUARTER_MODEL)).toBe('Not started');
    expect(liveScoreLabel(live({ state: 'post', status: 'STATUS_FINAL', completed: true, period: 4 }), QUARTER_MODEL)).toBe('Final');
    expect(liveScoreLabel(live({ state: 'post', status: 'STATUS_FINAL', completed: true, period: 5 }), QUARTER_MODEL)).toBe('Final/OT');
    expect(liveScoreLabel(live({ state: 'post', status: 'STATUS_POSTPONED' }), QUARTER_MODEL)).toBe('Postponed');
  });

  it("puts team A on the feed's away side unless told it is home", () => {
    const [game] = parseEspnScoreboard({ events: [espnEvent()] });
    expect(liveScoreOf(game!, false)).toMatchObject({ team_a_score: 10, team_b_score: 17, team_a_periods: [0, 10, 0] });
    expect(liveScoreOf(game!, true)).toMatchObject({ team_a_score: 17, team_b_score: 10, team_a_periods: [7, 3, 7] });
  });
});

describe('finished periods and their end scores', () => {
  it('a period is over once a later one started; end scores are cumulative', () => {
    const q3 = live({ period: 3, team_a_score: 10, team_b_score: 17, team_a_periods: [0, 10, 0], team_b_periods: [7, 3, 7] });
    expect(Object.fromEntries(finishedPeriods(q3, QUARTER_MODEL))).toEqual({
      1: { team_a_score: 0, team_b_score: 7 },
      2: { team_a_score: 10, team_b_score: 10 },
    });
  });

  it('the end of a period and halftime finish the period in play', () => {
    const half = live({ period: 2, status: 'STATUS_HALFTIME', team_a_periods: [3, 7], team_b_periods: [0, 14] });
    expect([...finishedPeriods(half, QUARTER_MODEL).keys()]).toEqual([1, 2]);
    const end = live({ period: 1, status: 'STATUS_END_PERIOD', team_a_periods: [3], team_b_periods: [0] });
    expect([...finishedPeriods(end, QUARTER_MODEL).keys()]).toEqual([1]);
  });

  it("the final period is the game's final score, overtime included, and only once it is completed", () => {
    const ot = live({ period: 5, clock: '2:00', team_a_score: 20, team_b_score: 20, team_a_periods: [7, 3, 7, 3, 0], team_b_periods: [0, 10, 7, 3, 0] });
    expect([...finishedPeriods(ot, QUARTER_MODEL).keys()]).toEqual([1, 2, 3]);
    const over = { ...ot, state: 'post' as const, status: 'STATUS_FINAL', completed: true, team_a_score: 26, team_a_periods: [7, 3, 7, 3, 6] };
    expect(finishedPeriods(over, QUARTER_MODEL).get(4)).toEqual({ team_a_score: 26, team_b_score: 20 });
    expect(feedFinished(over, QUARTER_MODEL, [1, 2, 3, 4])).toBe(true);
    expect(feedFinished(over, QUARTER_MODEL, [1, 2, 3])).toBe(false);
    expect(feedFinished(ot, QUARTER_MODEL, [1, 2, 3, 4])).toBe(false);
  });

  it('halves: the first half ends at halftime, the second with the final score', () => {
    const second = live({ period: 2, team_a_periods: [30, 4], team_b_periods: [28, 2] });
    expect(Object.fromEntries(finishedPeriods(second, HALF_MODEL))).toEqual({ 1: { team_a_score: 30, team_b_score: 28 } });
  });

  it("without both teams' line scores up to a period, its end score is not known", () => {
    expect([...finishedPeriods(live({ period: 3, team_a_periods: [7], team_b_periods: [0, 3] }), QUARTER_MODEL).keys()]).toEqual([1]);
  });
});

describe('polling', () => {
  it('backs off by doubling with jitter between half and all of it, capped', () => {
    expect(feedRetryDelayMs(1, 30_000, 0)).toBe(30_000);
    expect(feedRetryDelayMs(1, 30_000, 0.999999)).toBe(60_000);
    expect(feedRetryDelayMs(2, 30_000, 0.5)).toBe(90_000);
    expect(feedRetryDelayMs(50, 30_000, 1)).toBe(FEED_MAX_BACKOFF_MS);
    expect(feedRetryDelayMs(50, 30_000, 0)).toBe(FEED_MAX_BACKOFF_MS / 2);
  });

  it('polls every interval once the game is near or on, and waits for the lead before a far start', () => {
    const now = Date.parse('2026-02-08T12:00:00Z');
    const start = Date.parse('2026-02-08T23:30:00Z');
    const feedOnly = { feedStart: start, kickoff: null };
    expect(nextPollAfterSuccess(now, 30_000, live({ state: 'pre' }), feedOnly)).toBe(start - FEED_LEAD_MS);
    expect(nextPollAfterSuccess(start - 60_000, 30_000, live({ state: 'pre' }), feedOnly)).toBe(start - 30_000);
    expect(nextPollAfterSuccess(now, 30_000, live({ state: 'in' }), feedOnly)).toBe(now + 30_000);
    // The pool's kickoff before the feed's start: the lead counts from the kickoff.
    const kickoff = start - 3_600_000;
    expect(nextPollAfterSuccess(now, 30_000, live({ state: 'pre' }), { feedStart: start, kickoff })).toBe(kickoff - FEED_LEAD_MS);
    expect(nextPollAfterSuccess(kickoff - 60_000, 30_000, live({ state: 'pre' }), { feedStart: start, kickoff })).toBe(kickoff - 30_000);
    expect(nextPollAfterSuccess(now, 30_000, live({ state: 'pre' }), { feedStart: null, kickoff })).toBe(kickoff - FEED_LEAD_MS);
    expect(nextPollAfterSuccess(now, 30_000, live({ state: 'pre' }), { feedStart: null, kickoff: null })).toBe(now + 30_000);
  });

  it('a failure backs off, but never past the lead before the start or the pool kickoff; the count starts over there', () => {
    const start = Date.parse('2026-02-08T23:30:00Z');
    const kickoff = start + 5 * 60_000;
    const starts = { feedStart: start, kickoff };
    const opens = start - FEED_LEAD_MS;
    // Far from the game: the plain back-off.
    expect(nextPollAfterFailure(start - 5 * 3_600_000, 8, 30_000, 1, starts)).toBe(start - 5 * 3_600_000 + FEED_MAX_BACKOFF_MS);
    // Just before the lead: woken at it.
    expect(nextPollAfterFailure(opens - 60_000, 8, 30_000, 1, starts)).toBe(opens);
    // In the window before the kickoff: woken at the kickoff.
    expect(nextPollAfterFailure(kickoff - 60_000, 8, 30_000, 1, starts)).toBe(kickoff);
    // After the kickoff: the plain back-off again.
    expect(nextPollAfterFailure(kickoff + 1, 8, 30_000, 1, starts)).toBe(kickoff + 1 + FEED_MAX_BACKOFF_MS);
    // The first poll due at a wake-up time counts from one again; others add up.
    expect(failuresCounted(8, opens, opens + 5, starts)).toBe(1);
    expect(failuresCounted(8, kickoff, kickoff + 5, starts)).toBe(1);
    expect(failuresCounted(8, opens + 60_000, opens + 60_005, starts)).toBe(9);
    expect(failuresCounted(8, opens - 3_600_000, opens - 3_600_000 + 5, starts)).toBe(9);
  });

  it("searches the feed's US Eastern days a local date overlaps, and keeps the games starting on it there", () => {
    // New York: its own day and the one before (a game just after midnight is listed the day before).
    expect(feedDaysFor('2026-02-08', 'America/New_York')).toEqual(['20260207', '20260208']);
    // London's Feb 9 runs from 7 PM Eastern on Feb 8: both Eastern days, and the one before.
    expect(feedDaysFor('2026-02-09', 'Europe/London')).toEqual(['20260207', '20260208', '20260209']);
    // Los Angeles' Feb 8 ends at 3 AM Eastern on Feb 9.
    expect(feedDaysFor('2026-02-08', 'America/Los_Angeles')).toEqual(['20260207', '20260208', '20260209']);
    // 23:30 UTC on Feb 8 (6:30 PM Eastern) is Feb 8 in New York and LA, Feb 9 in Tokyo; 00:30 UTC Feb 9 is still Feb 8 in New York.
    expect(startsOnDate('2026-02-08T23:30:00.000Z', '2026-02-08', 'America/New_York')).toBe(true);
    expect(startsOnDate('2026-02-08T23:30:00.000Z', '2026-02-09', 'Asia/Tokyo')).toBe(true);
    expect(startsOnDate('2026-02-09T00:30:00.000Z', '2026-02-08', 'America/New_York')).toBe(true);
    expect(startsOnDate('2026-02-09T00:30:00.000Z', '2026-02-09', 'Europe/London')).toBe(true);
    expect(startsOnDate('2026-02-09T00:30:00.000Z', '2026-02-09', 'America/New_York')).toBe(false);
  });

  it("D50: pairs the game's teams with the feed's by name, or not at all", () => {
    const game = {
      home: { name: 'Philadelphia Eagles', abbreviation: 'PHI', shortName: 'Eagles', score: null, periods: [] },
      away: { name: 'Kansas City Chiefs', abbreviation: 'KC', shortName: 'Chiefs', score: null, periods: [] },
    };
    expect(matchFeedSides('Kansas City Chiefs', 'Philadelphia Eagles', game)).toEqual({ teamAHome: false });
    expect(matchFeedSides('Eagles', 'Chiefs', game)).toEqual({ teamAHome: true });
    expect(matchFeedSides('EAGLES', 'kc', game)).toEqual({ teamAHome: true });
    expect(matchFeedSides('phi', 'Kansas City', game)).toEqual({ teamAHome: true });
    expect(matchFeedSides('Chiefs', 'Eagles', game)).toEqual({ teamAHome: false });
    const accents = { home: { ...game.home, name: 'Montréal Canadiens', abbreviation: 'MTL', shortName: '' }, away: game.away };
    expect(matchFeedSides('Montreal Canadiens', 'Chiefs', accents)).toEqual({ teamAHome: true });
    expect(matchFeedSides('MONTRÉAL', 'chiefs', accents)).toEqual({ teamAHome: true });
    // Not these teams, only one of them, or both names fitting both ways: no pairing.
    expect(matchFeedSides('Cowboys', 'Giants', game)).toBeNull();
    expect(matchFeedSides('Eagles', 'Cowboys', game)).toBeNull();
    expect(matchFeedSides('Eagles', 'Eagles', game)).toBeNull();
    expect(matchFeedSides('A team', 'B team', game)).toBeNull();
    // Part of a word is not a name: "Chief" is not "Chiefs".
    expect(matchFeedSides('Eagle', 'Chief', game)).toBeNull();
  });

  it('a league fits the game only in its own periods', () => {
    expect(leagueMismatch('nfl', QUARTER_MODEL)).toBeNull();
    expect(leagueMismatch('mens-college-basketball', HALF_MODEL)).toBeNull();
    expect(leagueMismatch('mens-college-basketball', QUARTER_MODEL)).toContain('played in halves');
    expect(leagueMismatch('wnba', HALF_MODEL)).toContain('played in quarters');
  });
});
