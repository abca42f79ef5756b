import type { DatabaseHandle } from '../db/connection';
import type { GameEvents } from './events';
import { memoryGameEvents, type GameEventsHub } from './memory-events';
import { pgGameEvents, type EventsLog } from './pg-events';

export type { GameEvents } from './events';
export type { GameEventsHub } from './memory-events';

/**
 * Board change notifications for the database the app runs on (D3): in-process on SQLite (one
 * instance), LISTEN/NOTIFY on PostgreSQL (any number of instances).
 */
export function createGameEvents(handle: DatabaseHandle, log: EventsLog): GameEventsHub & GameEvents {
  if (handle.kind === 'sqlite') return memoryGameEvents();
  if (!handle.pool) throw new Error('a PostgreSQL database handle without its pool');
  return pgGameEvents(handle.pool, log);
}
