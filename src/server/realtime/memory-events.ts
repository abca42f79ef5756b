import { EventEmitter } from 'node:events';
import type { BoardChangeEvent } from '@core/api/board';
import type { GameEvents } from './events';

/**
 * GameEvents as the app wires them: also says how many viewers listen to a game (tests, the
 * benchmark) and when it is ready to hear changes (PostgreSQL: once LISTEN is in place).
 */
export interface GameEventsHub extends GameEvents {
  /**
   * Every game's changes, for idempotent work such as dropping a cache: heard before the game's
   * own subscribers (so viewers told to re-read never get what changed), and, on PostgreSQL, also
   * at once when published on this instance (so this instance reads its own writes). A change may
   * thus be heard twice. Returns the function that unsubscribes.
   */
  subscribeAll(listener: (event: BoardChangeEvent) => void): () => void;
  subscriberCount(gameId: string): number;
  /** Resolves once published changes reach this instance's subscribers. */
  ready(): Promise<void>;
}

/** The listeners of one process, by game id. */
export function localSubscribers() {
  const emitter = new EventEmitter();
  // One listener per connected viewer: thousands per game are expected (issue 5 benchmark).
  emitter.setMaxListeners(0);
  const everyGame = new Set<(event: BoardChangeEvent) => void>();
  return {
    emit(event: BoardChangeEvent): void {
      for (const listener of everyGame) listener(event);
      emitter.emit(event.game_id, event);
    },
    /** Only the listeners of every game (pg-events: a change published here). */
    emitToAll(event: BoardChangeEvent): void {
      for (const listener of everyGame) listener(event);
    },
    subscribeAll(listener: (event: BoardChangeEvent) => void): () => void {
      // Wrapped, so the same function subscribed twice is two subscriptions.
      const entry = (event: BoardChangeEvent) => listener(event);
      everyGame.add(entry);
      return () => void everyGame.delete(entry);
    },
    subscribe(gameId: string, listener: (event: BoardChangeEvent) => void): () => void {
      emitter.on(gameId, listener);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        emitter.off(gameId, listener);
      };
    },
    count: (gameId: string) => emitter.listenerCount(gameId),
    /** The games somebody listens to. */
    games: () => emitter.eventNames().filter((name): name is string => typeof name === 'string'),
    clear: () => {
      emitter.removeAllListeners();
      everyGame.clear();
    },
  };
}

/** Board changes within one process (SQLite: one app instance, D3). */
export function memoryGameEvents(): GameEventsHub {
  const local = localSubscribers();
  return {
    publish(event: BoardChangeEvent) {
      local.emit(event);
    },
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    subscriberCount: local.count,
    ready: async () => {},
    async close() {
      local.clear();
    },
  };
}
