import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSocialProvidersResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/social/providers: every network, whether this server is set up for it, and how it connects. */
export function getSocialProviders(): Promise<TSocialProvidersResponse> {
  return apiFetch<TSocialProvidersResponse>('/api/social/providers');
}

export const socialProvidersQuery = queryOptions({
  queryKey: settingsKeys.socialProviders,
  queryFn: getSocialProviders,
  staleTime: 5 * 60_000,
});

export function useSocialProviders() {
  return useQuery(socialProvidersQuery);
}
