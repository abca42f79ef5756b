import { GAME_ERRORS } from '@core/messages';
import { notFound } from '../http/errors';
import type { GameRow, GamesRepository, LockedGame } from './games.repository';

/**
 * A game a route names, or the one 404 for a game that does not exist ("Game not found"). The
 * repository answers undefined; the services that need the game to go on ask here, so the answer
 * is the same on every route.
 */

/** The one 404 for a game that does not exist (or that a route's id cannot name). */
export const gameNotFound = () => notFound(GAME_ERRORS.notFound);

/** The game's row, read without a lock; 404 when it does not exist. */
export async function findGameOr404(games: Pick<GamesRepository, 'findById'>, gameId: string): Promise<GameRow> {
  const row = await games.findById(gameId);
  if (!row) throw gameNotFound();
  return row;
}

/** Runs `work` under the game's lock (games.repository withLockedGame); 404 when the game does not exist. */
export function lockGameOr404<T>(games: Pick<GamesRepository, 'withLockedGame'>, gameId: string, work: (game: LockedGame) => Promise<T>): Promise<T> {
  return games.withLockedGame(gameId, async (game) => {
    if (!game) throw gameNotFound();
    return work(game);
  });
}
