import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListWorkspacesQuery, TListWorkspacesResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, toQueryString } from './keys';

export function listWorkspaces(query: TListWorkspacesQuery): Promise<TListWorkspacesResponse> {
  return apiFetch<TListWorkspacesResponse>(`/api/admin/clients${toQueryString(query)}`);
}

/** Keeps the previous page on screen while the next one loads (the list shows 'Refreshing'). */
export const workspacesListQuery = (query: TListWorkspacesQuery) =>
  queryOptions({ queryKey: adminKeys.clientList(query), queryFn: () => listWorkspaces(query), placeholderData: keepPreviousData });

export function useWorkspacesList(query: TListWorkspacesQuery) {
  return useQuery(workspacesListQuery(query));
}
