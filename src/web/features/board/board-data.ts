/**
 * A game's board from the web app (spec section 4 "Board", D11, D16, D17): the query on
 * GET /api/games/:id/board and the live updates of GET /api/games/:id/events (server-sent
 * events: `ready` on connect, `change` with a BoardChangeEvent, heartbeats as comments).
 */
import type { BoardChangeEvent, BoardResponse } from '@core/api/board';
import { type QueryClient, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { reconnectDelayMs } from './backoff';
import { gameKeys } from '@/lib/games';
import { useSession } from '@/lib/session';

/**
 * Under the games keys, so whatever refreshes the games (an admin's edit) refreshes boards too.
 * The viewer is part of the key: `mine` and the owners' e-mails depend on who asks.
 */
export const boardKeys = {
  all: [...gameKeys.all, 'board'] as const,
  game: (id: string) => [...boardKeys.all, id] as const,
  view: (id: string, viewer: string | null) => [...boardKeys.game(id), viewer ?? 'visitor'] as const,
};

function fetchBoard(id: string, signal?: AbortSignal): Promise<BoardResponse> {
  return api.get<BoardResponse>(`/api/games/${encodeURIComponent(id)}/board`, signal);
}

function useViewer(): string | null {
  const session = useSession();
  return session.status === 'signed-in' ? session.user.id : null;
}

function boardQuery(id: string, viewer: string | null) {
  return {
    queryKey: boardKeys.view(id, viewer),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchBoard(id, signal),
  };
}

/** One game's board; a missing game is an ApiError with status 404. */
export function useBoard(gameId: string | undefined) {
  const viewer = useViewer();
  return useQuery({ ...boardQuery(gameId ?? '', viewer), enabled: Boolean(gameId) });
}

/**
 * The boards of several games (the cart checks what is still for sale). Read again whenever the
 * page is opened or the window regains focus: squares sell while the cart waits.
 */
export function useBoards(gameIds: readonly string[]) {
  const viewer = useViewer();
  return useQueries({
    queries: gameIds.map((id) => ({
      ...boardQuery(id, viewer),
      refetchOnMount: 'always' as const,
      refetchOnWindowFocus: 'always' as const,
      refetchInterval: 60_000,
    })),
  });
}

function refreshAfterChange(queryClient: QueryClient, gameId: string, reason: BoardChangeEvent['reason'] | null) {
  void queryClient.invalidateQueries({ queryKey: boardKeys.game(gameId) });
  if (reason === null || reason === 'game' || reason === 'deleted' || reason === 'squares') {
    // Cards show squares claimed and the pot; titles, flags and deletions change lists.
    void queryClient.invalidateQueries({ queryKey: gameKeys.list() });
    void queryClient.invalidateQueries({ queryKey: gameKeys.detail(gameId) });
  }
}

function parseChange(data: unknown): BoardChangeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<BoardChangeEvent>;
    return typeof value.reason === 'string' ? (value as BoardChangeEvent) : null;
  } catch {
    return null;
  }
}

/** `connecting` until the first `ready`; `live` while connected; `reconnecting` after a drop. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Keeps a game's board current without reloading: every `change` re-reads the board (and the
 * games lists when the game itself changed); a `ready` after a dropped connection re-reads it
 * too, so whatever happened meanwhile is caught up. When the browser gives up on the stream (the
 * server answered with an error, such as 429 or 503 when live updates are busy), it is opened
 * again after a delay that doubles with each failure, with jitter, up to a minute (backoff.ts).
 */
export function useBoardLive(gameId: string | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!gameId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedOnce = false;
    let stopped = false;

    const connect = () => {
      const openedAt = Date.now();
      source = new EventSource(`/api/games/${encodeURIComponent(gameId)}/events`);
      source.addEventListener('ready', () => {
        attempt = 0;
        if (connectedOnce) {
          refreshAfterChange(queryClient, gameId, null);
        } else {
          // A board read before the stream opened (a visit earlier) may have missed changes.
          const state = queryClient.getQueryCache().findAll({ queryKey: boardKeys.game(gameId) });
          if (state.some((query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt)) {
            void queryClient.invalidateQueries({ queryKey: boardKeys.game(gameId) });
          }
        }
        connectedOnce = true;
        setStatus('live');
      });
      source.addEventListener('change', (event) => {
        const change = parseChange((event as MessageEvent).data);
        refreshAfterChange(queryClient, gameId, change?.reason ?? null);
      });
      source.addEventListener('error', () => {
        if (stopped) return;
        setStatus(connectedOnce ? 'reconnecting' : 'connecting');
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retryTimer = setTimeout(connect, reconnectDelayMs(attempt));
          attempt += 1;
        }
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      setStatus('connecting');
    };
  }, [gameId, queryClient]);

  return status;
}
