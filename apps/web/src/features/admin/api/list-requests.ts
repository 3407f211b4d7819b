import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListRequestsQuery, TListRequestsResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, toQueryString } from './keys';

export function listRequests(query: TListRequestsQuery): Promise<TListRequestsResponse> {
  return apiFetch<TListRequestsResponse>(`/api/admin/requests${toQueryString(query)}`);
}

export const requestsListQuery = (query: TListRequestsQuery) =>
  queryOptions({ queryKey: adminKeys.requestList(query), queryFn: () => listRequests(query), placeholderData: keepPreviousData });

export function useRequestsList(query: TListRequestsQuery) {
  return useQuery(requestsListQuery(query));
}
