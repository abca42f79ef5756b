/**
 * D39's live score feed (docs/decisions/036): the admin's search of the feed, linking a game to
 * one of its games, and what game day shows of it. The live score itself is on every game
 * (games.ts `score_feed`), for the board's score bar.
 */
import { z } from 'zod';
import { isTimeZone } from '../game-time';
import { FEED_LEAGUES } from '../score-feed';
import { int, list, period, timestamp, type Contract, type RequestOf } from './contract';

const SCORE_FEED_INPUT_TEXTS = {
  league: 'Choose a league from the list',
  date: 'Choose a date (YYYY-MM-DD)',
  eventId: 'Choose a game from the list',
  timeZone: 'Choose a time zone from the list',
} as const;

const league = z.enum(FEED_LEAGUES, { error: SCORE_FEED_INPUT_TEXTS.league });
const date = z
  .string({ error: SCORE_FEED_INPUT_TEXTS.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SCORE_FEED_INPUT_TEXTS.date)
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    SCORE_FEED_INPUT_TEXTS.date,
  );

/** GET /api/admin/score-feed/games?league=&date=&time_zone=: the games starting on that date in the zone (none: the feed's own day). */
export const feedSearchQuery = z.object({
  league,
  date,
  time_zone: z.string().max(64).refine(isTimeZone, SCORE_FEED_INPUT_TEXTS.timeZone).optional(),
});

const feedTeamSchema = z.object({ name: z.string(), abbreviation: z.string(), score: int.nullable() });

/** One real game of the feed, as the search lists it. */
const feedGameSchema = z.object({
  event_id: z.string(),
  /** The feed's day it is listed on (YYYY-MM-DD): the date the link sends. */
  feed_date: z.string(),
  starts_at: timestamp,
  state: z.enum(['pre', 'in', 'post']),
  status: z.string(),
  period: int,
  clock: z.string(),
  completed: z.boolean(),
  home: feedTeamSchema,
  away: feedTeamSchema,
});
export type FeedGameInfo = Contract<typeof feedGameSchema>;

export const feedSearchResponseSchema = z.object({ games: list(feedGameSchema) });
export type FeedSearchResponse = Contract<typeof feedSearchResponseSchema>;

/** PUT /api/admin/games/:id/score-feed: follow one of the feed's games. */
export const feedLinkRequestSchema = z.object({
  league,
  date,
  event_id: z.string({ error: SCORE_FEED_INPUT_TEXTS.eventId }).regex(/^\d{1,20}$/, SCORE_FEED_INPUT_TEXTS.eventId),
  /** Each period's score is confirmed by itself; otherwise the admin confirms it with one click. */
  auto_confirm: z.boolean(),
  /** The organizer's zone, for a kickoff taken from the feed when the game has no zone yet. */
  time_zone: z.string().max(100).optional(),
});
export type FeedLinkRequest = RequestOf<typeof feedLinkRequestSchema>;

/** The live score as stored (core/score-feed.ts LiveScore), in the game's teams A and B. */
const liveScoreSchema = z.object({
  state: z.enum(['pre', 'in', 'post']),
  status: z.string(),
  completed: z.boolean(),
  period: int,
  clock: z.string(),
  team_a_score: int.nullable(),
  team_b_score: int.nullable(),
  team_a_periods: list(int),
  team_b_periods: list(int),
});

/** On every game: the real game it follows and its live score (null: not linked). */
export const gameScoreFeedSchema = z.object({
  league,
  event_id: z.string(),
  auto_confirm: z.boolean(),
  live: liveScoreSchema.nullable(),
});
export type GameScoreFeed = Contract<typeof gameScoreFeedSchema>;

const scorePair = z.object({ team_a_score: int, team_b_score: int });

/** GET /api/admin/games/:id/score-feed: what game day shows of the feed. */
export const feedStatusSchema = z.object({
  /** False with SCORE_FEED=off: nothing is polled, nothing can be linked. */
  enabled: z.boolean(),
  link: gameScoreFeedSchema.nullable(),
  /** Team A is the feed's home team (else its away team). */
  team_a_home: z.boolean(),
  /** The periods the feed entered, and whether each is confirmed (by anyone). */
  entries: list(scorePair.extend({ period, entered_at: timestamp, confirmed: z.boolean() })),
  /** Confirmed periods whose score the feed now says differently (money is never changed by it). */
  differs: list(z.object({ period, feed: scorePair, confirmed: scorePair })),
  /** Failed reads in a row, and the last one's cause. */
  failures: int,
  error: z.string().nullable(),
  /** Why an entered period is not confirmed by itself yet (numbers not drawn...). */
  note: z.string().nullable(),
  next_poll_at: timestamp.nullable(),
  /** What linking did not do (teams that can no longer change...), once, after a link. */
  message: z.string().nullable(),
});
export type FeedStatus = Contract<typeof feedStatusSchema>;
