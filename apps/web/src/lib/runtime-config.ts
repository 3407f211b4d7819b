import { useQuery } from '@tanstack/react-query';
import type { TRuntimeConfig } from '@hookline/shared';
import { apiFetch } from './api-client';

export const runtimeConfigQuery = {
  queryKey: ['runtime-config'],
  queryFn: () => apiFetch<TRuntimeConfig>('/api/config'),
  staleTime: Infinity,
} as const;

/** What the server says about this deployment (password policy, sign-in providers, links). */
export function useRuntimeConfig() {
  return useQuery(runtimeConfigQuery);
}
