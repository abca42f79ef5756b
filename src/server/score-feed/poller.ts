/**
 * D39's poller (docs/decisions/036): every instance runs it at start and then every
 * SCORE_FEED_INTERVAL_SECONDS; each due game's poll is claimed by a conditional update of its
 * next poll time (a lease), so it happens once across instances and a poll a crash interrupted is
 * taken up after the lease. A poll reads the real game, stores its live score (boards hear it),
 * enters each finished period's end score (never over one already confirmed: manual entry wins;
 * a corrected score updates an unconfirmed entry) and, with auto-confirm, confirms it by the
 * admin's path. Failures and time-outs back off (doubling, jittered, capped).
 */
import { randomInt } from 'node:crypto';
import { isPeriodOf, periodModel, type Period } from '@core/periods';
import {
  FEED_FAILURES,
  type FeedStarts,
  failuresCounted,
  feedFinished,
  finishedPeriods,
  isFeedLeague,
  type LiveScore,
  liveScoreOf,
  nextPollAfterFailure,
  nextPollAfterSuccess,
} from '@core/score-feed';
import { activityRepository, type NewActivity } from '../activity/activity.repository';
import type { Executor } from '../db/executor';
import { gameDayRepository } from '../game-day/game-day.repository';
import type { GamesRepository } from '../games/games.repository';
import { periodicJob, type PeriodicJob } from '../jobs/periodic';
import type { Logger } from '../logger';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import { ScoreFeedError, type ScoreFeedProvider } from './provider';
import { scoreFeedRepository } from './score-feed.repository';
import { type FeedEntries, storedEntries, storedLive } from './stored';
import type { ServiceDeps } from '../service-deps';

export interface ScoreFeedPollerDeps extends ServiceDeps {
  db: Executor;
  games: Pick<GamesRepository, 'withLockedGame'>;
  provider: ScoreFeedProvider;
  /** The admin's confirmation path with the app as actor (game-day/confirm-periods.ts confirmFromFeed). */
  gameDay: { confirmFromFeed(gameId: string, period: Period, scores: { team_a_score: number; team_b_score: number }): Promise<string | null> };
  events: GameEvents;
  log: Logger;
  intervalMs: number;
  /** A poll's claim lasts this long: longer than one read may take. */
  leaseMs: number;
}

export interface ScoreFeedPoller extends PeriodicJob {
  /** One pass: polls every linked game that is due. Resolves with the games polled here. */
  pollDue(now?: Date): Promise<number>;
}

/** What a good poll found to do after its transaction. */
interface PollOutcome {
  changed: boolean;
  /** Entered periods not confirmed yet, for auto-confirm, in playing order. */
  toConfirm: { period: Period; team_a_score: number; team_b_score: number }[];
  /** The feed says final with every period entered: polling ends once `toConfirm` is confirmed. */
  finished: boolean;
}

/** How early a due poll may be taken by a pass (at most a tenth of the interval). */
const DUE_SLACK_MS = 1000;

/** The feed's start (ms; NaN or null: unknown) and the pool's kickoff, which polls must not sleep past. */
function startsOf(kickoffAt: string | null, feedStart: number | string | null): FeedStarts {
  const start = typeof feedStart === 'string' ? Date.parse(feedStart) : feedStart;
  const kickoff = kickoffAt === null ? NaN : Date.parse(kickoffAt);
  return { feedStart: start !== null && Number.isFinite(start) ? start : null, kickoff: Number.isFinite(kickoff) ? kickoff : null };
}

export function scoreFeedPoller(deps: ScoreFeedPollerDeps): ScoreFeedPoller {
  const { games, provider, gameDay, events, log, clock, intervalMs } = deps;
  const repo = scoreFeedRepository(deps.db);

  /** Stores what the feed says, inside the game's lock; null when the link changed meanwhile. */
  async function store(
    gameId: string,
    eventId: string,
    feedLive: (teamAHome: boolean) => LiveScore,
    feedStart: number,
    now: Date,
  ): Promise<PollOutcome | null> {
    return games.withLockedGame(gameId, async (game) => {
      if (!game || game.row.feed_event_id !== eventId) return null;
      const { row } = game;
      const at = now.toISOString();
      const model = periodModel(row.game_type);
      const live = feedLive(row.feed_team_a_home);
      const confirmed = (await gameDayRepository(game.tx).scores(gameId)).map((score) => score.period).filter((q) => isPeriodOf(model, q));
      const entries: FeedEntries = { ...storedEntries(row) };
      const logged: NewActivity[] = [];
      for (const [period, score] of finishedPeriods(live, model)) {
        // Manual entry wins: a confirmed period is never written by the feed.
        if (confirmed.includes(period)) continue;
        const entry = entries[period];
        if (entry && entry.team_a_score === score.team_a_score && entry.team_b_score === score.team_b_score) continue;
        entries[period] = { ...score, entered_at: entry?.entered_at ?? at };
        logged.push({
          action: 'score_entered',
          actorUserId: null,
          subjectUserId: null,
          squares: [],
          detail: { period: period, team_a_score: score.team_a_score, team_b_score: score.team_b_score, ...(entry ? { corrected: true as const } : {}) },
        });
      }
      if (logged.length > 0) await activityRepository(game.tx).record(gameId, logged, at);
      const entered = model.periods.filter((period) => confirmed.includes(period) || entries[period] !== undefined);
      const toConfirm = row.feed_auto_confirm
        ? model.periods.flatMap((period) => {
            const entry = entries[period];
            return entry && !confirmed.includes(period) ? [{ period, team_a_score: entry.team_a_score, team_b_score: entry.team_b_score }] : [];
          })
        : [];
      // Done once final with every period entered (and, with auto-confirm, confirmed).
      const finished = feedFinished(live, model, entered);
      const done = finished && toConfirm.length === 0;
      const liveText = JSON.stringify(live);
      const changed = liveText !== row.feed_live || logged.length > 0;
      await scoreFeedRepository(game.tx).set(gameId, {
        feed_live: liveText,
        feed_entries: JSON.stringify(entries),
        feed_failures: 0,
        feed_error: null,
        feed_next_poll_at: done ? null : new Date(nextPollAfterSuccess(now.getTime(), intervalMs, live, startsOf(row.kickoff_at, feedStart))).toISOString(),
        ...(toConfirm.length === 0 ? { feed_note: null } : {}),
      });
      return { changed, toConfirm, finished };
    });
  }

  /** Auto-confirm: each entered period in order by the admin's path; the first refusal is kept as the note. */
  async function confirmEntered(gameId: string, eventId: string, { toConfirm, finished }: PollOutcome): Promise<void> {
    for (const { period, ...scores } of toConfirm) {
      const refused = await gameDay.confirmFromFeed(gameId, period, scores);
      if (refused !== null) {
        await repo.set(gameId, { feed_note: refused });
        publishSafely(events, log, gameId, 'game');
        return;
      }
    }
    await repo.confirmed(gameId, eventId, finished);
  }

  async function pollOne(gameId: string, dueAt: string, now: Date): Promise<boolean> {
    if (!(await repo.claim(gameId, dueAt, new Date(now.getTime() + deps.leaseMs).toISOString()))) return false;
    const row = await repo.pollState(gameId);
    if (!row?.feed_event_id || !row.feed_event_day || !isFeedLeague(row.feed_league)) return false;
    const eventId = row.feed_event_id;
    let found;
    try {
      found = await provider.game(row.feed_league, eventId, row.feed_event_day);
      if (!found) throw new ScoreFeedError(FEED_FAILURES.notListed);
    } catch (err) {
      const starts = startsOf(row.kickoff_at, storedLive(row)?.starts_at ?? null);
      const failures = failuresCounted(row.feed_failures, Date.parse(dueAt), now.getTime(), starts);
      const nextAt = nextPollAfterFailure(now.getTime(), failures, intervalMs, randomInt(0, 1_000_000) / 1_000_000, starts);
      const cause = err instanceof ScoreFeedError ? err.message : FEED_FAILURES.unread;
      log.warn({ err, gameId, failures, retryInMs: nextAt - now.getTime() }, 'score feed: poll failed; backing off');
      await repo.failed(gameId, eventId, failures, cause, new Date(nextAt).toISOString());
      return true;
    }
    const game = found;
    const outcome = await store(gameId, eventId, (teamAHome) => liveScoreOf(game, teamAHome), Date.parse(game.startsAt), now);
    if (!outcome) return true;
    if (outcome.changed) publishSafely(events, log, gameId, 'game');
    if (outcome.toConfirm.length > 0) await confirmEntered(gameId, eventId, outcome);
    return true;
  }

  async function pollDue(now: Date = clock()): Promise<number> {
    let polled = 0;
    // A game due one interval after the last pass is polled in this one even when the timer fires
    // a hair before that (timers and the wall clock tick apart): otherwise it waits a whole interval more.
    const horizon = new Date(now.getTime() + Math.min(intervalMs / 10, DUE_SLACK_MS));
    for (const { id, feed_next_poll_at } of await repo.due(horizon.toISOString())) {
      if (feed_next_poll_at === null) continue;
      try {
        if (await pollOne(id, feed_next_poll_at, now)) polled += 1;
      } catch (err) {
        log.error({ err, gameId: id }, 'score feed poll failed; the lease ends and a later run tries again');
      }
    }
    return polled;
  }

  return { ...periodicJob('score feed', () => pollDue(), intervalMs, log), pollDue };
}
