/**
 * The organizer's payment tools for organizer-collects games (D28), admins only: the
 * payment-tracking view and mark paid / unpaid / release. Under the game's board key, so the
 * game's live stream (a reservation, a release) refreshes it too.
 */
import type {
  ActivityResponse,
  Assigned,
  AssignRequest,
  MoveRequest,
  PaymentTracking,
  ReleaseRequest,
  SquareSelection,
  SquaresChanged,
} from '@core/api/organizer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { boardKeys } from '@/features/board/board-data';
import { gameKeys } from '@/lib/games';

export type { ActivityResponse, PaymentTracking, SquareSelection };

const organizerKeys = {
  payments: (gameId: string) => [...boardKeys.game(gameId), 'payments'] as const,
};

const base = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}`;
/** The payment tools are admin-only, so under /api/admin/ (design note 032). */
const adminBase = (gameId: string) => `/api/admin/games/${encodeURIComponent(gameId)}`;

/** GET /api/admin/games/:id/payments. */
export function useGamePayments(gameId: string, enabled = true) {
  return useQuery({
    queryKey: organizerKeys.payments(gameId),
    queryFn: ({ signal }) => api.get<PaymentTracking>(`${adminBase(gameId)}/payments`, signal),
    enabled: enabled && gameId !== '',
    staleTime: 0,
  });
}

export type SquaresAction = 'mark-paid' | 'mark-unpaid' | 'release';

/** POST squares/{mark-paid,mark-unpaid,release}; the game's lists, board and payments are read again, on failure too. */
export function useSquaresAction(gameId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: gameKeys.all });
  return useMutation({
    mutationFn: ({ action, selection }: { action: SquaresAction; selection: SquareSelection | ReleaseRequest }) =>
      api.post<SquaresChanged>(`${adminBase(gameId)}/squares/${action}`, selection),
    onSettled: refresh,
  });
}

/** D32: assign free squares to an account or a named person (D29). */
export function useAssignSquares(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AssignRequest) => api.post<Assigned>(`${adminBase(gameId)}/squares/assign`, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
}

/** D32: move an owned square to a free one. */
export function useMoveSquare(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MoveRequest) => api.post<SquaresChanged>(`${adminBase(gameId)}/squares/move`, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
}

/** D32: the game's activity log (admins: all of it; a player: about their own squares). Read again on every board change. */
export function useGameActivity(gameId: string, enabled = true) {
  return useQuery({
    queryKey: [...boardKeys.game(gameId), 'activity'] as const,
    queryFn: ({ signal }) => api.get<ActivityResponse>(`${base(gameId)}/activity`, signal),
    enabled: enabled && gameId !== '',
    staleTime: 0,
  });
}
