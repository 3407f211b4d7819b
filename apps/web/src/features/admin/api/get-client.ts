import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClient } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** 404 (ApiError status) when there is no such client. */
export function getClient(id: string): Promise<TClient> {
  return apiFetch<TClient>(clientPath(id));
}

export const clientQuery = (id: string) => queryOptions({ queryKey: adminKeys.client(id), queryFn: () => getClient(id), retry: false });

export function useClient(id: string) {
  return useQuery(clientQuery(id));
}
