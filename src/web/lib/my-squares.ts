/**
 * GET /api/me/squares from the web app: the signed-in player's squares by game, and refunded
 * payments. Read by /my-squares and by the home page's "Your games" (small, for the first page).
 */
import type { MySquaresResponse } from '@core/api/my-squares';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export type { MySquaresResponse };

export const mySquaresKey = ['me', 'squares'] as const;

export function useMySquares(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mySquaresKey,
    queryFn: ({ signal }) => api.get<MySquaresResponse>('/api/me/squares', signal),
    staleTime: 0,
    ...options,
  });
}
