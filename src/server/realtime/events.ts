import type { BoardChangeEvent } from '@core/api/board';

/**
 * Board change notifications (issue 5, D3): services publish after their transaction commits;
 * the SSE route subscribes per game. In-process on SQLite; PostgreSQL LISTEN/NOTIFY across app
 * instances.
 */
export interface GameEvents {
  publish(event: BoardChangeEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(gameId: string, listener: (event: BoardChangeEvent) => void): () => void;
  close(): Promise<void>;
}
