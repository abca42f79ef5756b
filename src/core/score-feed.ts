/**
 * D39's live score feed (docs/decisions/036): the leagues a game may follow, what the feed says
 * about a real game, how the board says it ("Q3 8:21", "Delayed", "Final/OT"), which periods the
 * feed shows finished and with what score, and how long to wait after a failed poll. Pure: the
 * server's provider (src/server/score-feed) fetches, this decides.
 */
import { dateInZone, dayInZone } from './game-time';
import { finalPeriod, type Period, type PeriodModel, periodShortLabel } from './periods';
import type { GameType } from './validation';

export const FEED_LEAGUES = ['nfl', 'college-football', 'nba', 'wnba', 'mens-college-basketball'] as const;
export type FeedLeague = (typeof FEED_LEAGUES)[number];

export interface FeedLeagueInfo {
  /** The feed's path: `{sport}/{league}`. */
  readonly sport: 'football' | 'basketball';
  readonly label: string;
  /** The game type a new game following this league would have. */
  readonly gameType: GameType;
  /** Regulation periods: 4 quarters, or 2 halves (men's college basketball). */
  readonly periods: 2 | 4;
  /** The feed's `groups` for college leagues: every division I game (FBS, D-I), not only the top 25. */
  readonly groups?: string;
}

export const FEED_LEAGUE_INFO: Readonly<Record<FeedLeague, FeedLeagueInfo>> = {
  nfl: { sport: 'football', label: 'NFL', gameType: 'nfl', periods: 4 },
  'college-football': { sport: 'football', label: 'College football', gameType: 'college-football', periods: 4, groups: '80' },
  nba: { sport: 'basketball', label: 'NBA', gameType: 'nba', periods: 4 },
  wnba: { sport: 'basketball', label: 'WNBA', gameType: 'other', periods: 4 },
  'mens-college-basketball': { sport: 'basketball', label: "Men's college basketball", gameType: 'college-basketball', periods: 2, groups: '50' },
};

export function isFeedLeague(value: unknown): value is FeedLeague {
  return (FEED_LEAGUES as readonly unknown[]).includes(value);
}

/** Null when a game played in the model's periods may follow the league; otherwise why not. */
export function leagueMismatch(league: FeedLeague, model: PeriodModel): string | null {
  const info = FEED_LEAGUE_INFO[league];
  if (info.periods === model.periods.length) return null;
  return `${info.label} is played in ${info.periods === 2 ? 'halves' : 'quarters'}; this game is played in ${model.kind === 'half' ? 'halves' : 'quarters'}. Change the game's type first.`;
}

type FeedState = 'pre' | 'in' | 'post';

export interface FeedTeam {
  readonly name: string;
  readonly abbreviation: string;
  /** The feed's short name ("Chiefs"); '' when it gives none. */
  readonly shortName?: string;
  /** The score so far (overtime included); null before the feed gives one. */
  readonly score: number | null;
  /** Points per period as the feed lists them (regulation, then overtime periods). */
  readonly periods: readonly number[];
}

/** One real game as the feed says it. */
export interface FeedGame {
  readonly id: string;
  /** Scheduled start (ISO). */
  readonly startsAt: string;
  readonly state: FeedState;
  /** The feed's status name: STATUS_IN_PROGRESS, STATUS_HALFTIME, STATUS_END_PERIOD, STATUS_DELAYED, STATUS_FINAL... */
  readonly status: string;
  readonly completed: boolean;
  /** The period in play (1..; after regulation: overtime); 0 before the start. */
  readonly period: number;
  readonly clock: string;
  readonly home: FeedTeam;
  readonly away: FeedTeam;
}

/** The live score as stored and shown, in the game's own teams (A and B). */
export interface LiveScore {
  readonly state: FeedState;
  readonly status: string;
  readonly completed: boolean;
  readonly period: number;
  readonly clock: string;
  readonly team_a_score: number | null;
  readonly team_b_score: number | null;
  readonly team_a_periods: readonly number[];
  readonly team_b_periods: readonly number[];
  /** The feed's scheduled start (ISO), for the poller's schedule; absent in scores stored before it was kept. */
  readonly starts_at?: string;
}

/** The feed's game seen from the pool's side: team A is the away team unless `teamAHome`. */
export function liveScoreOf(game: FeedGame, teamAHome: boolean): LiveScore {
  const [a, b] = teamAHome ? [game.home, game.away] : [game.away, game.home];
  return {
    state: game.state,
    status: game.status,
    completed: game.completed,
    period: game.period,
    clock: game.clock,
    team_a_score: a.score,
    team_b_score: b.score,
    team_a_periods: a.periods,
    team_b_periods: b.periods,
    starts_at: game.startsAt,
  };
}

const DELAYED = /DELAY|SUSPENDED/;

/** The period's name while it is played: "Q3", "H2", "OT", "2OT". */
function playingPeriodLabel(model: PeriodModel, period: number): string {
  const regulation = model.periods.length;
  if (period >= 1 && period <= regulation) return periodShortLabel(model, period as Period);
  const overtime = period - regulation;
  return overtime <= 1 ? 'OT' : `${overtime}OT`;
}

/** What the board's score bar says of the feed: "Q3 8:21", "Halftime", "Delayed", "Final/OT". */
export function liveScoreLabel(live: LiveScore, model: PeriodModel): string {
  if (DELAYED.test(live.status)) return 'Delayed';
  if (live.status.includes('POSTPONED')) return 'Postponed';
  if (live.status.includes('CANCELED') || live.status.includes('CANCELLED')) return 'Canceled';
  if (live.state === 'post' || live.completed) return live.period > model.periods.length ? 'Final/OT' : 'Final';
  if (live.state === 'pre') return 'Not started';
  if (live.status === 'STATUS_HALFTIME') return 'Halftime';
  const period = playingPeriodLabel(model, live.period);
  if (live.status === 'STATUS_END_PERIOD') return `End of ${period}`;
  return `${period} ${live.clock}`;
}

export interface PeriodScore {
  readonly team_a_score: number;
  readonly team_b_score: number;
}

const sum = (values: readonly number[], count: number) => values.slice(0, count).reduce((total, value) => total + value, 0);

/**
 * The periods the feed shows finished, with each one's end score (cumulative): a period is over
 * once a later one started, at the end of a period or halftime, or when the game is final. The
 * final period's score is the game's final score, overtime included (D37); it is over only when
 * the feed says the game is completed.
 */
export function finishedPeriods(live: LiveScore, model: PeriodModel): Map<Period, PeriodScore> {
  const finished = new Map<Period, PeriodScore>();
  const final = finalPeriod(model);
  const over = live.state === 'post' && live.completed;
  for (const period of model.periods) {
    if (period === final) {
      if (over && live.team_a_score !== null && live.team_b_score !== null) {
        finished.set(period, { team_a_score: live.team_a_score, team_b_score: live.team_b_score });
      }
      continue;
    }
    const endedHere = live.period === period && (live.status === 'STATUS_END_PERIOD' || live.status === 'STATUS_HALFTIME');
    if (!(over || live.period > period || endedHere)) continue;
    // Without both teams' points for every period so far, the end score is not known.
    if (live.team_a_periods.length < period || live.team_b_periods.length < period) continue;
    finished.set(period, { team_a_score: sum(live.team_a_periods, period), team_b_score: sum(live.team_b_periods, period) });
  }
  return finished;
}

/** Polling stops once the feed says final and every period of the game is entered. */
export function feedFinished(live: LiveScore | null, model: PeriodModel, entered: readonly Period[]): boolean {
  return live !== null && live.state === 'post' && live.completed && model.periods.every((period) => entered.includes(period));
}

/** The longest wait between two polls after failures. */
export const FEED_MAX_BACKOFF_MS = 10 * 60_000;

/**
 * The wait after `failures` failed polls in a row (1 or more): the interval doubled per failure,
 * capped at FEED_MAX_BACKOFF_MS, times a jitter between 0.5 and 1 (`jitter` in [0, 1), from the
 * caller's random source) so instances and games do not retry in step.
 */
export function feedRetryDelayMs(failures: number, intervalMs: number, jitter: number): number {
  const base = Math.min(FEED_MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(Math.max(failures, 0), 20));
  return Math.max(1, Math.round(base * (0.5 + Math.min(Math.max(jitter, 0), 1) / 2)));
}

/** Polling starts this long before the kickoff (the feed's own start, or the game's). */
export const FEED_LEAD_MS = 15 * 60_000;

/** The two times a game's polls must not sleep past: the lead before its earliest start, and the pool's kickoff. */
export interface FeedStarts {
  /** The feed's scheduled start (null: not known). */
  readonly feedStart: number | null;
  /** The pool's own kickoff (games.kickoff_at; null: none). */
  readonly kickoff: number | null;
}

/** The lead before the earliest start (the feed's or the pool's kickoff): polling at the interval begins there. */
function windowOpens({ feedStart, kickoff }: FeedStarts): number | null {
  const starts = [feedStart, kickoff].filter((at): at is number => at !== null && Number.isFinite(at));
  return starts.length === 0 ? null : Math.min(...starts) - FEED_LEAD_MS;
}

/** The wake-up times after `after`, earliest first: the window's opening, then the pool's kickoff. */
function wakeTimes(after: number, starts: FeedStarts): number[] {
  const times = [windowOpens(starts), starts.kickoff].filter((at): at is number => at !== null && Number.isFinite(at));
  return times.filter((at) => at > after).sort((a, b) => a - b);
}

/**
 * When to poll next after a good poll: every interval from the lead before the game's earliest
 * start (the feed's, or the pool's kickoff when that is earlier) and once the game is on; before
 * that, at the lead.
 */
export function nextPollAfterSuccess(now: number, intervalMs: number, live: LiveScore, starts: FeedStarts): number {
  const soon = now + intervalMs;
  const opens = windowOpens(starts);
  if (live.state !== 'pre' || opens === null || opens <= now) return soon;
  return Math.max(soon, opens);
}

/**
 * When to poll next after the `failures`-th failed poll in a row: the back-off, but never past
 * the next wake-up time (the lead before the start, the pool's kickoff), so a feed that failed
 * hours before the game is read again when the game begins.
 */
export function nextPollAfterFailure(now: number, failures: number, intervalMs: number, jitter: number, starts: FeedStarts): number {
  const backedOff = now + feedRetryDelayMs(failures, intervalMs, jitter);
  const wake = wakeTimes(now, starts)[0];
  return wake === undefined ? backedOff : Math.min(backedOff, wake);
}

/**
 * The failures a failed poll counts: the back-off starts over at each wake-up time, so failures
 * before the game do not stretch the first waits after its start. `dueAt` is when the poll was
 * due; a wake-up time between it and `now` (included) means this poll is the game's first after it.
 */
export function failuresCounted(previous: number, dueAt: number, now: number, starts: FeedStarts): number {
  const crossed = wakeTimes(dueAt - 1, starts).some((at) => at <= now);
  return (crossed ? 0 : previous) + 1;
}

/**
 * D50: which of the feed's teams is the game's team A (rows) and team B (columns), matched by
 * name: two names match when, case, accents and punctuation aside, one's words are a run of the
 * other's ("Chiefs", "Kansas City Chiefs"), or the game's name is the feed's abbreviation ("KC")
 * or its short name. Null when the names do not pair the teams one way only.
 */
export function matchFeedSides(teamA: string, teamB: string, game: Pick<FeedGame, 'home' | 'away'>): { teamAHome: boolean } | null {
  const asAway = teamMatches(teamA, game.away) && teamMatches(teamB, game.home);
  const asHome = teamMatches(teamA, game.home) && teamMatches(teamB, game.away);
  if (asAway === asHome) return null;
  return { teamAHome: asHome };
}

/** A name's words for matching: NFKD without accents, lower case, letters and digits only. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** True when `inner`'s words appear, in order and together, among `outer`'s. */
function isRunOf(inner: readonly string[], outer: readonly string[]): boolean {
  if (inner.length === 0 || inner.length > outer.length) return false;
  for (let at = 0; at + inner.length <= outer.length; at += 1) {
    if (inner.every((word, i) => outer[at + i] === word)) return true;
  }
  return false;
}

/** True when a game's team name names the feed's team (see matchFeedSides). */
function teamMatches(gameTeam: string, feed: Pick<FeedTeam, 'name' | 'abbreviation' | 'shortName'>): boolean {
  const words = nameWords(gameTeam);
  if (words.length === 0) return false;
  const joined = words.join(' ');
  const exact = [feed.abbreviation, feed.shortName ?? ''].map((name) => nameWords(name).join(' ')).filter(Boolean);
  if (exact.includes(joined)) return true;
  const full = nameWords(feed.name);
  return isRunOf(words, full) || isRunOf(full, words);
}

/** Texts about the feed (search, link, game day); the server and the web say them alike. */
export const SCORE_FEED_TEXTS = {
  off: 'The live score feed is off on this server (SCORE_FEED=off).',
  notListed: 'That game is not on the feed for this date any more. Search again.',
  unavailable: (cause: string) => `The live score feed cannot be read now: ${cause}. Try again in a moment.`,
  /** A failed search: what went wrong, and that scores can still be entered by hand. */
  searchFailed: (cause: string | null) =>
    `${cause === null ? 'The feed could not be searched.' : `The feed could not be searched: ${cause}.`} You can still enter scores by hand.`,
  teamsKept: (a: string, b: string, side: 'home' | 'away') =>
    `Squares are sold, so the rows and columns stay as they are: ${a} (rows) follows the feed's ${side} team, ${b} (columns) the other.`,
  /** Game day, before linking: how the feed's teams meet the board's rows and columns. */
  linkSides:
    "Before any square is sold, linking fills the teams in (team A, the rows, takes the visiting team unless the names already say otherwise). Once a square is sold, the feed's teams are matched to the rows and columns by name. Entering a score by hand always wins.",
  /** Game day, linked: which of the feed's teams is the rows and which the columns. */
  sides: (a: string, b: string, teamAHome: boolean) =>
    `${a} (rows) is the feed's ${teamAHome ? 'home' : 'away'} team, ${b} (columns) its ${teamAHome ? 'away' : 'home'} team.`,
  /** Game day, linked: where the feed's period scores are confirmed. */
  entriesHint: "Each score the feed enters shows in its period's boxes under Score Entry; Confirm there confirms the score shown.",
  /** Under a period's boxes that hold the feed's score. */
  enteredByFeed: 'Entered by the live score feed. Check it, then confirm.',
  /** D50: a sold board's teams do not match the feed's game. */
  teamsMismatch: (a: string, b: string, away: string, home: string) =>
    `The feed's game is ${away} at ${home}, but this game's teams are ${a} (rows) and ${b} (columns). Once a square is sold the rows and columns cannot change: choose the real game these teams play.`,
} as const;

/** Why the feed could not be read, said the same way on game day, in a search and in the log. */
export const FEED_FAILURES = {
  timeout: (seconds: number) => `the feed did not answer within ${seconds} s`,
  status: (status: number) => `the feed answered with an error (HTTP ${status})`,
  notJson: 'the feed sent an answer that could not be read (not JSON)',
  notScoreboard: 'the feed sent an answer that could not be read (not a scoreboard)',
  tooMuch: 'the feed sent an answer that could not be read (too large)',
  unreachable: 'the feed could not be reached',
  unread: 'the feed could not be read',
  notListed: 'the feed no longer lists this game',
} as const;

/** The feed's calendar: ESPN lists a game on the scoreboard of its US Eastern day. */
const FEED_CALENDAR_ZONE = 'America/New_York';

/**
 * The feed days (YYYYMMDD) to read for the games that start on `date` in `zone`: every Eastern
 * day that local day overlaps, and the one before the first (the feed lists a game that starts
 * just after midnight Eastern on the day before).
 */
export function feedDaysFor(date: string, zone: string): string[] {
  const span = dayInZone(date, zone);
  if (!span) return [];
  const first = dateInZone(new Date(span.start).toISOString(), FEED_CALENDAR_ZONE);
  const last = dateInZone(new Date(span.end - 1).toISOString(), FEED_CALENDAR_ZONE);
  const days: string[] = [];
  for (let day = Date.parse(`${first}T00:00:00Z`) - 86_400_000; day <= Date.parse(`${last}T00:00:00Z`); day += 86_400_000) {
    days.push(new Date(day).toISOString().slice(0, 10).replaceAll('-', ''));
  }
  return days;
}

/** True when a feed game's start falls on `date` in `zone`. */
export function startsOnDate(startsAt: string, date: string, zone: string): boolean {
  return dateInZone(startsAt, zone) === date;
}
