import { EventEmitter } from 'node:events';
import type { BoardChangeEvent } from '@core/board-view';
import type { GameEvents } from './events';

/** Board changes within one process (SQLite: one app instance, D3). */
export function memoryGameEvents(): GameEvents {
  const emitter = new EventEmitter();
  // One listener per connected viewer: thousands per game are expected (issue 5 benchmark).
  emitter.setMaxListeners(0);
  return {
    publish(event: BoardChangeEvent) {
      emitter.emit(event.game_id, event);
    },
    subscribe(gameId, listener) {
      emitter.on(gameId, listener);
      return () => emitter.off(gameId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
