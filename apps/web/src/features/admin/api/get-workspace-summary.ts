import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkspaceSummary } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** 404 (ApiError status) when there is no such workspace. */
export function getWorkspaceSummary(id: string): Promise<TWorkspaceSummary> {
  return apiFetch<TWorkspaceSummary>(clientPath(id));
}

export const workspaceSummaryQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.client(id), queryFn: () => getWorkspaceSummary(id), retry: false });

export function useWorkspaceSummary(id: string) {
  return useQuery(workspaceSummaryQuery(id));
}
