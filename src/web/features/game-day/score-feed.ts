/**
 * D39's live score feed from the web app (core/api/score-feed.ts): game day's feed status, the
 * search of the feed and linking. The status sits under the game's board key, so the board's live
 * stream (the poller publishes each change) refreshes it.
 */
import type { FeedLinkRequest, FeedSearchResponse, FeedStatus } from '@core/api/score-feed';
import type { FeedLeague } from '@core/score-feed';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { boardKeys } from '@/features/board/board-data';
import { gameKeys } from '@/lib/games';

export type { FeedStatus };

const feedKeys = {
  status: (gameId: string) => [...boardKeys.game(gameId), 'score-feed'] as const,
};

const path = (gameId: string) => `/api/admin/games/${encodeURIComponent(gameId)}/score-feed`;

/** GET /api/admin/games/:id/score-feed (admins only); `enabled` false: not asked. */
export function useFeedStatus(gameId: string, enabled = true) {
  return useQuery({
    queryKey: feedKeys.status(gameId),
    queryFn: ({ signal }) => api.get<FeedStatus>(path(gameId), signal),
    staleTime: 0,
    enabled,
  });
}

/** GET /api/admin/score-feed/games: one league's games on a date (a search the admin starts). */
export function useFeedSearch() {
  return useMutation({
    mutationFn: ({ league, date, timeZone }: { league: FeedLeague; date: string; timeZone: string }) =>
      api.get<FeedSearchResponse>(
        `/api/admin/score-feed/games?league=${encodeURIComponent(league)}&date=${encodeURIComponent(date)}&time_zone=${encodeURIComponent(timeZone)}`,
      ),
  });
}

function useFeedMutation<Input>(gameId: string, call: (input: Input) => Promise<FeedStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (status) => {
      queryClient.setQueryData(feedKeys.status(gameId), status);
      // Teams and kickoff may have been filled in: every list, board and the game-day view.
      await queryClient.invalidateQueries({ queryKey: gameKeys.all });
    },
  });
}

/** PUT: follow one of the feed's games. */
export function useLinkFeed(gameId: string) {
  return useFeedMutation(gameId, (request: FeedLinkRequest) => api.put<FeedStatus>(path(gameId), request));
}

/** DELETE: follow none. */
export function useUnlinkFeed(gameId: string) {
  return useFeedMutation(gameId, () => api.delete<FeedStatus>(path(gameId)));
}
