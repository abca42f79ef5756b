/**
 * Invite-only games from the web app (D30, design note 011). The game page opened with
 * `?invite=TOKEN` posts the token (it never goes into an API address) and takes it out of the
 * page's address; the server answers with the game's invite cookie. Admins read and rotate the
 * link.
 */
import type { GameInviteResponse, GameLinkResponse, GameMembersResponse, GameShareResponse, InviteRedeemed } from '@core/api/games';
import { INVITE_PARAM } from '@core/visibility';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, isApiError } from '@/lib/api';
import { gameKeys } from '@/lib/games';
import { useSession } from '@/lib/session';

/** POST: anyone with the link redeems it; GET and rotate are admin-only, under /api/admin/ (design note 032). */
const redeemPath = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/invite`;
const adminPath = (gameId: string) => `/api/admin/games/${encodeURIComponent(gameId)}/invite`;

/**
 * The invite in this page's address, if any: 'ready' once none was given or the server took it,
 * 'pending' while it is sent, 'refused' when the server does not know it (the page says the game
 * was not found), 'failed' when it could not be sent (a network error: the board may still work
 * for an owner). The token leaves the address before it is sent.
 */
export function useInviteFromAddress(gameId: string): 'ready' | 'pending' | 'refused' | 'failed' {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token] = useState(() => new URLSearchParams(location.search).get(INVITE_PARAM));
  const [state, setState] = useState<'ready' | 'pending' | 'refused' | 'failed'>(token === null ? 'ready' : 'pending');

  useEffect(() => {
    if (token === null) return;
    // Out of the address bar and the history entry at once: the link is not shown or kept.
    const params = new URLSearchParams(location.search);
    if (params.has(INVITE_PARAM)) {
      params.delete(INVITE_PARAM);
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
    }
    let cancelled = false;
    api
      .post<InviteRedeemed>(redeemPath(gameId), { token })
      .then(async () => {
        // Whatever was read of this game before the cookie was set is stale.
        await queryClient.invalidateQueries({ queryKey: gameKeys.all });
        if (!cancelled) setState('ready');
      })
      .catch((error: unknown) => {
        if (!cancelled) setState(isApiError(error) && (error.status === 404 || error.status === 400) ? 'refused' : 'failed');
      });
    return () => {
      cancelled = true;
    };
    // Once per page: the token was read when the page opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gameId, token]);

  return state;
}

/** GET /api/admin/games/:id/invite (admins): the link and its QR code, or null for a public game. */
export function useGameInvite(gameId: string, enabled: boolean) {
  return useQuery({
    queryKey: gameKeys.invite(gameId),
    queryFn: ({ signal }) => api.get<GameInviteResponse>(adminPath(gameId), signal).then((body) => body.invite),
    enabled,
  });
}

/** POST /api/admin/games/:id/invite/rotate (admins): a new link; the old one stops working. */
export function useRotateInvite(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<GameInviteResponse>(`${adminPath(gameId)}/rotate`, {}).then((body) => body.invite),
    onSuccess: (invite) => queryClient.setQueryData(gameKeys.invite(gameId), invite),
  });
}

/** GET /api/admin/games/:id/share (admins, D45): the link to share the game by and its QR code. */
export function useGameShare(gameId: string) {
  return useQuery({
    queryKey: gameKeys.share(gameId),
    queryFn: ({ signal }) => api.get<GameShareResponse>(`/api/admin/games/${encodeURIComponent(gameId)}/share`, signal).then((body) => body.share),
  });
}

/**
 * GET /api/games/:id/link (D42, whoever may see the board): the link the printed board's QR code
 * opens and the code; `enabled` once the page's invite (if any) has been redeemed.
 */
export function useGameLink(gameId: string, enabled: boolean) {
  const session = useSession();
  const viewer = session.status === 'signed-in' ? session.user.id : null;
  return useQuery({
    queryKey: gameKeys.link(gameId, viewer),
    queryFn: ({ signal }) => api.get<GameLinkResponse>(`/api/games/${encodeURIComponent(gameId)}/link`, signal).then((body) => body.link),
    enabled: enabled && session.status !== 'loading',
  });
}

/** GET /api/admin/games/:id/members (admins, D46): the accounts that opened the game's invite link. */
export function useGameMembers(gameId: string, enabled: boolean) {
  return useQuery({
    queryKey: gameKeys.members(gameId),
    queryFn: ({ signal }) => api.get<GameMembersResponse>(`/api/admin/games/${encodeURIComponent(gameId)}/members`, signal).then((body) => body.members),
    enabled,
  });
}

/** DELETE /api/admin/games/:id/members/:userId (admins, D46). */
export function useRemoveMember(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<unknown>(`/api/admin/games/${encodeURIComponent(gameId)}/members/${encodeURIComponent(userId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameKeys.members(gameId) }),
  });
}
