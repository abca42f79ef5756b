import type { FeedGame, FeedLeague } from '@core/score-feed';

/**
 * D39: a public scoreboard the poller and the link search read (docs/decisions/036). ESPN's is
 * the one we have (espn.ts); another feed implements the same two reads.
 */
export interface ScoreFeedProvider {
  readonly name: string;
  /** The league's games on a day (YYYYMMDD, the feed's own calendar day). */
  gamesOn(league: FeedLeague, day: string, signal?: AbortSignal): Promise<FeedGame[]>;
  /** One game of the day it was found on, or null when the feed does not list it (any more). */
  game(league: FeedLeague, eventId: string, day: string, signal?: AbortSignal): Promise<FeedGame | null>;
}

/** The feed could not be read: unreachable, timed out, an error status, or not a scoreboard. */
export class ScoreFeedError extends Error {
  override name = 'ScoreFeedError';
}
