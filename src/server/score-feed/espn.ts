import { FEED_FAILURES, FEED_LEAGUE_INFO, type FeedGame, type FeedLeague } from '@core/score-feed';
import { type DroppedFeedValue, FeedFormatError, parseEspnScoreboard } from '@core/score-feed-espn';
import { ScoreFeedError, type ScoreFeedProvider } from './provider';

export interface EspnFeedOptions {
  /** SCORE_FEED_URL: https://site.api.espn.com, or a fake feed on 127.0.0.1 in tests. */
  baseUrl: string;
  /** Each request ends after this long (AbortSignal.timeout). */
  timeoutMs: number;
  /** Hears of each value the feed sent that broke the text rule and was dropped (the app logs it). */
  onDropped?: (dropped: DroppedFeedValue & { url: string }) => void;
}

/** The longest body read from the feed (a busy college Saturday is well under 2 MB). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * ESPN's public scoreboard JSON (core/score-feed-espn.ts reads it):
 * `{base}/apis/site/v2/sports/{sport}/{league}/scoreboard?dates=YYYYMMDD` (college leagues with
 * `groups=80`/`50`: every division I game, not only ranked ones), for a day's games and for one
 * game (found on the day it was linked from).
 */
export function espnFeed(options: EspnFeedOptions): ScoreFeedProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const scoreboard = (league: FeedLeague, day: string) => {
    const { sport, groups } = FEED_LEAGUE_INFO[league];
    return `${base}/apis/site/v2/sports/${sport}/${league}/scoreboard?dates=${encodeURIComponent(day)}${groups ? `&groups=${groups}` : ''}`;
  };

  /** A request or its body that failed: the time-out said as such, anything else as `otherwise`. */
  function notRead(err: unknown, otherwise: string): ScoreFeedError {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return new ScoreFeedError(timedOut ? FEED_FAILURES.timeout(options.timeoutMs / 1000) : otherwise, { cause: err });
  }

  async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (err) {
      throw notRead(err, FEED_FAILURES.unreachable);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new ScoreFeedError(FEED_FAILURES.status(res.status));
    }
    const body = await boundedText(res);
    try {
      return JSON.parse(body) as unknown;
    } catch (err) {
      throw new ScoreFeedError(FEED_FAILURES.notJson, { cause: err });
    }
  }

  /** The body as text, read only up to MAX_BODY_BYTES: a larger one is cut off there (never held in memory whole). */
  async function boundedText(res: Response): Promise<string> {
    const tooMuch = () => new ScoreFeedError(FEED_FAILURES.tooMuch);
    if (Number(res.headers.get('content-length')) > MAX_BODY_BYTES) {
      await res.body?.cancel().catch(() => undefined);
      throw tooMuch();
    }
    if (!res.body) return '';
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > MAX_BODY_BYTES) {
          await reader.cancel().catch(() => undefined);
          throw tooMuch();
        }
        chunks.push(value);
      }
    } catch (err) {
      if (err instanceof ScoreFeedError) throw err;
      throw notRead(err, FEED_FAILURES.unread);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  const games = async (url: string, signal?: AbortSignal): Promise<FeedGame[]> => {
    const body = await getJson(url, signal);
    try {
      return parseEspnScoreboard(body, (dropped) => options.onDropped?.({ ...dropped, url }));
    } catch (err) {
      if (err instanceof FeedFormatError) throw new ScoreFeedError(err.message, { cause: err });
      throw err;
    }
  };

  return {
    name: 'espn',
    gamesOn: (league, day, signal) => games(scoreboard(league, day), signal),
    async game(league, eventId, day, signal) {
      const listed = await games(scoreboard(league, day), signal);
      return listed.find((game) => game.id === eventId) ?? null;
    },
  };
}
