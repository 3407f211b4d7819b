import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkspace } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { overviewKeys } from './keys';

/** GET /api/workspace: read here for its time zone, in which days and times are shown. */
export function getWorkspace(): Promise<TWorkspace> {
  return apiFetch<TWorkspace>('/api/workspace');
}

export const workspaceQuery = queryOptions({ queryKey: overviewKeys.workspace, queryFn: getWorkspace });

export function useWorkspace() {
  return useQuery(workspaceQuery);
}
