import type { BoardChangeEvent } from '@core/api/board';
import type { Logger } from '../logger';
import type { GameEvents } from './events';

/**
 * Tells board viewers that games changed (after commit), once per game. A failure to publish is
 * logged, never thrown: the change itself has committed, and boards catch up on their next read.
 */
export function publishSafely(events: GameEvents, log: Logger, gameIds: string | Iterable<string>, reason: BoardChangeEvent['reason']): void {
  for (const game_id of new Set(typeof gameIds === 'string' ? [gameIds] : gameIds)) {
    try {
      events.publish({ game_id, reason });
    } catch (err) {
      log.warn({ err, gameId: game_id }, 'board change could not be published');
    }
  }
}
