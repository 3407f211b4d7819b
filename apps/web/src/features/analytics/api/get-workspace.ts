import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkspace } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { analyticsKeys } from './keys';

/** GET /api/workspace: read here for its time zone, which decides days and posting hours. */
export function getWorkspace(): Promise<TWorkspace> {
  return apiFetch<TWorkspace>('/api/workspace');
}

export const workspaceQuery = queryOptions({ queryKey: analyticsKeys.workspace, queryFn: getWorkspace });

export function useWorkspace() {
  return useQuery(workspaceQuery);
}
