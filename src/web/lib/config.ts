import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** `GET /api/config`: public settings of this installation. */
export interface AppConfig {
  productName: string;
  contactEmail: string | null;
  mode: 'trial' | 'production';
  /** Mail goes to the Dev Mailbox (/dev/mailbox), not to people's inboxes (D9). */
  devMailbox: boolean;
}

/** The product name, known before the config arrives (spec: "Welcome to {product}"). */
export const PRODUCT_NAME = 'Squares Pool';

export const appConfigQueryKey = ['config'] as const;

export function useAppConfig() {
  return useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => api.get<AppConfig>('/api/config', signal),
    staleTime: 5 * 60_000,
  });
}
