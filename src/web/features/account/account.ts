/**
 * D41's account page from the web app: GET /api/me/account and the changes under /api/me/...
 * Each change answers the page's new state, which replaces the cached one.
 */
import type { AccountChangeResponse, AccountResponse } from '@core/api/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { AccountResponse };

const accountKey = ['me', 'account'] as const;

export function useAccount() {
  return useQuery({
    queryKey: accountKey,
    queryFn: ({ signal }) => api.get<AccountResponse>('/api/me/account', signal),
    staleTime: 0,
  });
}

export type AccountChange =
  | { path: 'username'; body: { username: string } }
  | { path: 'email'; body: { email: string; currentPassword?: string } }
  | { path: 'password'; body: { currentPassword?: string; newPassword: string } };

/** One change (username, e-mail, password); on success the cached account is the answer's. */
export function useAccountChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AccountChange) => api.post<AccountChangeResponse>(`/api/me/${change.path}`, change.body),
    onSuccess: (result) => queryClient.setQueryData(accountKey, result.account),
  });
}

/** docs/decisions/039: the old address's undo link (no session needed). */
export const undoEmailChange = (token: string) => api.post<{ message: string }>('/api/account/email-undo', { token });

export const deleteAccount = (body: { confirm: string; password?: string }) => api.post<{ message: string }>('/api/me/delete', body);
