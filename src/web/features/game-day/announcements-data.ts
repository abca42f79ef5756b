/**
 * D40 announcements from the web app (src/core/api/announcements.ts): the organizer's post and
 * delete. Everyone reads them with the board, so both refresh the game's board queries (the
 * game-day view sits under them too); open boards elsewhere hear of it on the live stream.
 */
import type { AnnouncementDeleted, AnnouncementPosted, AnnouncementRequest } from '@core/api/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { boardKeys } from '@/features/board/board-data';

const base = (gameId: string) => `/api/admin/games/${encodeURIComponent(gameId)}/announcements`;

function useAnnouncementMutation<Input, Output>(gameId: string, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // On failure too: a 404 means the list on screen was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.game(gameId) }),
  });
}

/** POST /api/admin/games/:id/announcements (admins only). */
export function usePostAnnouncement(gameId: string) {
  return useAnnouncementMutation(gameId, (input: AnnouncementRequest) => api.post<AnnouncementPosted>(base(gameId), input));
}

/** DELETE /api/admin/games/:id/announcements/:announcementId (admins only). */
export function useDeleteAnnouncement(gameId: string) {
  return useAnnouncementMutation(gameId, (id: string) => api.delete<AnnouncementDeleted>(`${base(gameId)}/${encodeURIComponent(id)}`));
}
