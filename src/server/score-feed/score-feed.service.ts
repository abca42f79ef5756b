import type { FeedGameInfo, FeedLinkRequest, FeedStatus } from '@core/api/score-feed';
import { isTimeZone } from '@core/game-time';
import { isPeriodOf, periodModel, type Period } from '@core/periods';
import { type FeedGame, type FeedLeague, feedDaysFor, finishedPeriods, leagueMismatch, matchFeedSides, SCORE_FEED_TEXTS, startsOnDate } from '@core/score-feed';
import { validateTeamName } from '@core/validation';
import type { GamesRepository } from '../games/games.repository';
import { gameDayRepository } from '../game-day/game-day.repository';
import { badRequest, conflict, notFound, AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { GameEvents } from '../realtime/events';
import { publishSafely } from '../realtime/publish';
import type { Executor } from '../db/executor';
import { ScoreFeedError, type ScoreFeedProvider } from './provider';
import { scoreFeedRepository, UNLINKED } from './score-feed.repository';
import { gameScoreFeed, storedEntries, storedLive } from './stored';
import { findGameOr404, lockGameOr404 } from '../games/game-or-404';
import type { ServiceDeps } from '../service-deps';

export interface ScoreFeedServiceDeps extends ServiceDeps {
  db: Executor;
  games: Pick<GamesRepository, 'findById' | 'withLockedGame'>;
  /** Null with SCORE_FEED=off. */
  provider: ScoreFeedProvider | null;
  events: GameEvents;
  log: Logger;
  /** Wakes the poller after a link, so the live score shows at once. */
  pollSoon: () => void;
}

/** A feed day (YYYYMMDD) as a date (YYYY-MM-DD). */
const dateOfDay = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;

function toFeedGameInfo(game: FeedGame, day: string): FeedGameInfo {
  const team = (t: FeedGame['home']) => ({ name: t.name, abbreviation: t.abbreviation, score: t.score });
  return {
    event_id: game.id,
    feed_date: dateOfDay(day),
    starts_at: game.startsAt,
    state: game.state,
    status: game.status,
    period: game.period,
    clock: game.clock,
    completed: game.completed,
    home: team(game.home),
    away: team(game.away),
  };
}

/** A feed team's name as a team name may be (core's rule): its display name, else its abbreviation. */
function teamName(team: FeedGame['home'], side: 'A' | 'B'): string | null {
  for (const candidate of [team.name, team.abbreviation]) {
    const checked = validateTeamName(side, candidate);
    if (checked.ok) return checked.value;
  }
  return null;
}

/**
 * D39's links between games and real ones (docs/decisions/036): the admin searches the feed by
 * league and date, links a game (teams and, when it has none, the kickoff filled in from the
 * feed) or unlinks it; game day reads what the feed entered and anything it now says otherwise.
 */
export function scoreFeedService(deps: ScoreFeedServiceDeps) {
  const { games, log, events, clock } = deps;

  /** `say` turns the cause into the answer's words: a search's and a link's differ. */
  async function read<T>(work: (feed: ScoreFeedProvider) => Promise<T>, say: (cause: string) => string): Promise<T> {
    if (!deps.provider) throw conflict(say(SCORE_FEED_TEXTS.off), 'FEED_OFF');
    try {
      return await work(deps.provider);
    } catch (err) {
      if (err instanceof ScoreFeedError) {
        log.warn({ err }, 'score feed: the feed could not be read for an admin');
        throw new AppError(502, 'FEED_UNAVAILABLE', say(err.message));
      }
      throw err;
    }
  }
  const searchSays = (cause: string) =>
    SCORE_FEED_TEXTS.searchFailed(cause === SCORE_FEED_TEXTS.off ? 'the live score feed is off on this server (SCORE_FEED=off)' : cause);
  const linkSays = (cause: string) => (cause === SCORE_FEED_TEXTS.off ? cause : SCORE_FEED_TEXTS.unavailable(cause));

  const dayOf = (date: string) => date.replaceAll('-', '');

  async function status(gameId: string, message: string | null = null): Promise<FeedStatus> {
    const row = await findGameOr404(games, gameId);
    const model = periodModel(row.game_type);
    const confirmed = (await gameDayRepository(deps.db).scores(gameId)).filter((score) => isPeriodOf(model, score.period));
    const confirmedOf = (period: Period) => confirmed.find((score) => score.period === period);
    const entries = storedEntries(row);
    const live = storedLive(row);
    const finished = live ? finishedPeriods(live, model) : new Map();
    const differs = confirmed.flatMap((score) => {
      const feed = finished.get(score.period as Period);
      if (!feed || (feed.team_a_score === score.team_a_score && feed.team_b_score === score.team_b_score)) return [];
      return [{ period: score.period as Period, feed, confirmed: { team_a_score: score.team_a_score, team_b_score: score.team_b_score } }];
    });
    return {
      enabled: deps.provider !== null,
      link: gameScoreFeed(row),
      team_a_home: row.feed_team_a_home,
      entries: model.periods.flatMap((period) => {
        const entry = entries[period];
        return entry ? [{ period: period, ...entry, confirmed: confirmedOf(period) !== undefined }] : [];
      }),
      differs,
      failures: row.feed_failures,
      error: row.feed_error,
      note: row.feed_note,
      next_poll_at: row.feed_next_poll_at,
      message,
    };
  }

  return {
    status,

    /**
     * The league's games on a date, for the admin to choose one. With the game's zone: the games
     * that start on that date there, read from each feed day (US Eastern) it overlaps; without,
     * the feed's own day. Each game says the feed day it is listed on, which the link sends back.
     */
    async search(league: FeedLeague, date: string, zone?: string): Promise<FeedGameInfo[]> {
      if (zone === undefined) {
        const day = dayOf(date);
        const found = await read((feed) => feed.gamesOn(league, day), searchSays);
        return found.map((game) => toFeedGameInfo(game, day));
      }
      const days = feedDaysFor(date, zone);
      const listed = await read((feed) => Promise.all(days.map(async (day) => ({ day, games: await feed.gamesOn(league, day) }))), searchSays);
      const seen = new Set<string>();
      return listed.flatMap(({ day, games: found }) =>
        found.flatMap((game) => {
          if (seen.has(game.id) || !startsOnDate(game.startsAt, date, zone)) return [];
          seen.add(game.id);
          return [toFeedGameInfo(game, day)];
        }),
      );
    },

    /**
     * Links the game to one of the feed's games: teams filled in (while the game's rules let them
     * change: before the draw), the kickoff too when the game has none and sales are open, and the
     * poller told to read it now. Linking the same game again only changes the confirmation choice.
     */
    async link(gameId: string, request: FeedLinkRequest): Promise<FeedStatus> {
      const day = dayOf(request.date);
      const found = await read((feed) => feed.game(request.league, request.event_id, day), linkSays);
      if (!found) throw notFound(SCORE_FEED_TEXTS.notListed);
      const message = await lockGameOr404(games, gameId, async (game) => {
        const { row } = game;
        const mismatch = leagueMismatch(request.league, periodModel(row.game_type));
        if (mismatch) throw badRequest(mismatch, 'VALIDATION_ERROR');
        const at = clock();
        const sameEvent = row.feed_event_id === found.id && row.feed_league === request.league;
        let message: string | null = null;
        let teamAHome = row.feed_team_a_home;
        if (!sameEvent) {
          // D50: once a square is held or sold, rows and columns stay; the feed's teams are matched to them by name.
          const editable = row.is_active && !row.grid_shuffled && !(await game.hasSquares());
          const matched = matchFeedSides(row.team_a, row.team_b, found);
          if (!editable && !matched) {
            throw conflict(SCORE_FEED_TEXTS.teamsMismatch(row.team_a, row.team_b, found.away.name, found.home.name), 'FEED_TEAMS_MISMATCH');
          }
          // Teams the feed can fill in: the game's own order when its names already pair them, else visitors as A.
          teamAHome = matched?.teamAHome ?? false;
          const [rows, columns] = teamAHome ? [found.home, found.away] : [found.away, found.home];
          const teamA = teamName(rows, 'A');
          const teamB = teamName(columns, 'B');
          if (editable && teamA && teamB) {
            const kickoff =
              row.kickoff_at === null && row.sales_closed_at === null && Date.parse(found.startsAt) > at.getTime()
                ? {
                    kickoff_at: found.startsAt,
                    time_zone: row.time_zone ?? (request.time_zone && isTimeZone(request.time_zone) ? request.time_zone : 'America/New_York'),
                  }
                : {};
            await game.update({ team_a: teamA, team_b: teamB, ...kickoff, updated_at: at.toISOString() });
          } else if (!editable) {
            message = SCORE_FEED_TEXTS.teamsKept(row.team_a, row.team_b, teamAHome ? 'home' : 'away');
          }
        }
        await scoreFeedRepository(game.tx).set(gameId, {
          ...(sameEvent ? {} : { ...UNLINKED, feed_team_a_home: teamAHome }),
          feed_league: request.league,
          feed_event_id: found.id,
          feed_event_day: day,
          feed_auto_confirm: request.auto_confirm,
          feed_next_poll_at: at.toISOString(),
          feed_failures: 0,
          feed_error: null,
        });
        return message;
      });
      log.info({ gameId, league: request.league, eventId: found.id }, 'score feed: game linked');
      publishSafely(events, log, gameId, 'game');
      deps.pollSoon();
      return status(gameId, message);
    },

    /** Follows no real game any more: nothing is polled; scores already confirmed stay. */
    async unlink(gameId: string): Promise<FeedStatus> {
      await lockGameOr404(games, gameId, async (game) => {
        await scoreFeedRepository(game.tx).set(gameId, UNLINKED);
      });
      publishSafely(events, log, gameId, 'game');
      return status(gameId);
    },
  };
}

export type ScoreFeedService = ReturnType<typeof scoreFeedService>;
