/**
 * D39's live score feed (docs/decisions/036): the leagues a game may follow, what the feed says
 * about a real game, how the board says it ("Q3 8:21", "Delayed", "Final/OT"), which periods the
 * feed shows finished and with what score, and how long to wait after a failed poll. Pure: the
 * server's provider (src/server/score-feed) fetches, this decides.
 */
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

/** When to poll next after a good poll: every interval once near the start, else at the lead before it. */
export function nextPollAfterSuccess(now: number, intervalMs: number, live: LiveScore, startsAt: number | null): number {
  const soon = now + intervalMs;
  if (live.state !== 'pre' || startsAt === null) return soon;
  return Math.max(soon, startsAt - FEED_LEAD_MS);
}
