/**
 * GET /api/me/squares from the web app: the signed-in player's squares by game, and refunded
 * payments. Read by /my-squares and by the home page's "Your games" (small, for the first page).
 */
import type { OwingInfo } from '@core/api/board';
import type { MySquaresResponse } from '@core/api/my-squares';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api';

export type { MySquaresResponse };

const mySquaresKey = ['me', 'squares'] as const;

export function useMySquares(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mySquaresKey,
    queryFn: ({ signal }) => api.get<MySquaresResponse>('/api/me/squares', signal),
    staleTime: 0,
    ...options,
  });
}

const NO_OWING: ReadonlyMap<string, OwingInfo> = new Map();

/** D28: what the signed-in player owes, by game id, as the server computed it (for the game cards). */
export function useOwingByGame(signedIn: boolean): ReadonlyMap<string, OwingInfo> {
  const mine = useMySquares({ enabled: signedIn });
  const games = signedIn ? mine.data?.games : undefined;
  return useMemo(() => {
    if (!games) return NO_OWING;
    return new Map(games.flatMap((game) => (game.owing ? [[game.game_id, game.owing] as const] : [])));
  }, [games]);
}
