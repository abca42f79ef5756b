/**
 * The games API from the web app (spec section 7 "Games"): queries and mutations on TanStack
 * Query. Lists are newest first (the server orders them). Mutations refresh every games query.
 */
import type { Game, GameCreateRequest, GameDeletedResponse, GameResponse, GamesResponse, GameUpdateRequest } from '@core/api/games';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

export type { Game, GameUpdateRequest };

export const gameKeys = {
  all: ['games'] as const,
  list: () => [...gameKeys.all, 'list'] as const,
  /** D30: every game, invite-only ones too (admins). */
  adminList: () => [...gameKeys.all, 'admin-list'] as const,
  invite: (id: string) => [...gameKeys.all, 'invite', id] as const,
  share: (id: string) => [...gameKeys.all, 'share', id] as const,
  /** D42: the printed board's link; an admin's is the invite link, so the viewer is in the key. */
  link: (id: string, viewer: string | null) => [...gameKeys.all, 'link', id, viewer ?? 'visitor'] as const,
  /** D46: an invite-only game's members (admins). */
  members: (id: string) => [...gameKeys.all, 'members', id] as const,
  detail: (id: string) => [...gameKeys.all, 'detail', id] as const,
};

function fetchGames(signal?: AbortSignal): Promise<readonly Game[]> {
  return api.get<GamesResponse>('/api/games', signal).then((body) => body.games);
}

function fetchGame(id: string, signal?: AbortSignal): Promise<Game> {
  return api.get<GameResponse>(`/api/games/${encodeURIComponent(id)}`, signal).then((body) => body.game);
}

/** The listed games, newest first: public ones only (D30). */
export function useGames(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: gameKeys.list(), queryFn: ({ signal }) => fetchGames(signal), ...options });
}

/** Every game, newest first, invite-only ones too: GET /api/admin/games (admins). */
export function useAllGames() {
  return useQuery({
    queryKey: gameKeys.adminList(),
    queryFn: ({ signal }) => api.get<GamesResponse>('/api/admin/games', signal).then((body) => body.games),
  });
}

/** One game; a missing game is an ApiError with status 404. */
export function useGame(id: string | undefined) {
  return useQuery({
    queryKey: gameKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchGame(id as string, signal),
    enabled: Boolean(id),
  });
}

function refreshGames(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: gameKeys.all });
}

export function useCreateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GameCreateRequest) => api.post<GameResponse>('/api/admin/games', input).then((body) => body.game),
    onSuccess: () => refreshGames(queryClient),
  });
}

/** Sends only the fields given; the server refuses what D13 no longer allows. */
export function useUpdateGame(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: GameUpdateRequest) => api.patch<GameResponse>(`/api/admin/games/${encodeURIComponent(id)}`, changes).then((body) => body.game),
    onSuccess: () => refreshGames(queryClient),
  });
}

export function useDeleteGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<GameDeletedResponse>(`/api/admin/games/${encodeURIComponent(id)}`).then((body) => body.deleted),
    onSuccess: () => refreshGames(queryClient),
  });
}
