/**
 * A game's orders for its admins (D21, D33): GET /api/admin/games/:id/orders. Under the game's board
 * key, so the game's live stream (a sale, a refund) refreshes it too.
 */
import type { GameOrdersResponse } from '@core/api/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { boardKeys } from '@/features/board/board-data';

export type { GameOrdersResponse };

const orderKeys = {
  game: (gameId: string) => [...boardKeys.game(gameId), 'orders'] as const,
};

/** GET /api/admin/games/:id/orders (admins only). */
export function useGameOrders(gameId: string) {
  return useQuery({
    queryKey: orderKeys.game(gameId),
    queryFn: ({ signal }) => api.get<GameOrdersResponse>(`/api/admin/games/${encodeURIComponent(gameId)}/orders`, signal),
    enabled: gameId !== '',
    staleTime: 0,
  });
}
