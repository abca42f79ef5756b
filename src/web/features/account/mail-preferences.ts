/**
 * D40/D41 mail choices from the web app: the account page's checkboxes (GET/POST
 * /api/me/mail-preferences) and the unsubscribe page's signed link (POST /api/mail/unsubscribe and
 * /api/mail/resubscribe, no login).
 */
import type { MailPreferencesResponse, UnsubscribeResponse } from '@core/api/mail-preferences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { MailPreferencesResponse, UnsubscribeResponse };

const preferencesKey = ['me', 'mail-preferences'] as const;

export function useMailPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.get<MailPreferencesResponse>('/api/me/mail-preferences', signal),
    staleTime: 0,
  });
}

/** One kind turned on or off; the answer (every kind's state) replaces the cached one. */
export function useSetMailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { kind: string; on: boolean }) => api.post<MailPreferencesResponse>('/api/me/mail-preferences', choice),
    onSuccess: (result) => queryClient.setQueryData(preferencesKey, result),
  });
}

/** The signed link of a mail's footer: turns its kind off (`on` false) or back on. */
export const setByLink = (token: string, on: boolean) =>
  api.post<UnsubscribeResponse>(`/api/mail/${on ? 'resubscribe' : 'unsubscribe'}?token=${encodeURIComponent(token)}`);
