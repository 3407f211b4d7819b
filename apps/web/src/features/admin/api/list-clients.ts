import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListClientsQuery, TListClientsResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, toQueryString } from './keys';

export function listClients(query: TListClientsQuery): Promise<TListClientsResponse> {
  return apiFetch<TListClientsResponse>(`/api/admin/clients${toQueryString(query)}`);
}

/** Keeps the previous page on screen while the next one loads (the list shows 'Refreshing'). */
export const clientsListQuery = (query: TListClientsQuery) =>
  queryOptions({ queryKey: adminKeys.clientList(query), queryFn: () => listClients(query), placeholderData: keepPreviousData });

export function useClientsList(query: TListClientsQuery) {
  return useQuery(clientsListQuery(query));
}
