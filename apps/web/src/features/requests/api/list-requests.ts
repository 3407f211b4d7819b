import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TListClientRequestsResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { requestKeys } from './keys';

/** GET /api/requests: the workspace's requests, newest first. */
export function listRequests(): Promise<TListClientRequestsResponse> {
  return apiFetch<TListClientRequestsResponse>('/api/requests');
}

export const requestsQuery = () => queryOptions({ queryKey: requestKeys.list, queryFn: listRequests });

export function useRequests() {
  return useQuery(requestsQuery());
}
