import type { GameScoreFeed } from '@core/api/score-feed';
import type { Period } from '@core/periods';
import { isFeedLeague, type LiveScore, type PeriodScore } from '@core/score-feed';
import { FEED_CLOCK_MAX, FEED_STATUS_MAX, feedText } from '@core/score-feed-espn';
import type { GamesTable } from '../db/schema';

type FeedColumns = Pick<GamesTable, 'feed_league' | 'feed_event_id' | 'feed_live' | 'feed_entries'> & { feed_auto_confirm: boolean };

/** A period the feed entered: its end score and when it was entered (games.feed_entries). */
interface FeedEntry extends PeriodScore {
  readonly entered_at: string;
}

export type FeedEntries = Partial<Record<Period, FeedEntry>>;

/**
 * The stored live score (written by the poller from core's LiveScore only); its clock and status
 * checked by the text rule again, so a value stored before the rule applied is never shown.
 */
export function storedLive(row: Pick<FeedColumns, 'feed_live'>): LiveScore | null {
  if (row.feed_live === null) return null;
  const live = JSON.parse(row.feed_live) as LiveScore;
  return { ...live, clock: feedText(live.clock, FEED_CLOCK_MAX) ?? '', status: feedText(live.status, FEED_STATUS_MAX) ?? '' };
}

export function storedEntries(row: Pick<FeedColumns, 'feed_entries'>): FeedEntries {
  return row.feed_entries === null ? {} : (JSON.parse(row.feed_entries) as FeedEntries);
}

/** The game's `score_feed` (core/api/score-feed.ts): null when it follows no real game. */
export function gameScoreFeed(row: FeedColumns): GameScoreFeed | null {
  if (row.feed_league === null || row.feed_event_id === null || !isFeedLeague(row.feed_league)) return null;
  return { league: row.feed_league, event_id: row.feed_event_id, auto_confirm: row.feed_auto_confirm, live: storedLive(row) };
}
