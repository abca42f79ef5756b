import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import type { AppConfig } from '@core/api/system';

export type { AppConfig };

/** The product name, known before the config arrives (spec: "Welcome to {product}"). */
export const PRODUCT_NAME = 'Squares Pool';

const appConfigQueryKey = ['config'] as const;

export function useAppConfig() {
  return useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => api.get<AppConfig>('/api/config', signal),
    staleTime: 5 * 60_000,
  });
}
