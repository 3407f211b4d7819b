import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkspace } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientDataKeys } from './keys';

/**
 * GET /api/workspace: the signed-in client's workspace and its preferences, among them the
 * time-zone override in which the dashboard shows days and times.
 */
export function getWorkspace(): Promise<TWorkspace> {
  return apiFetch<TWorkspace>('/api/workspace');
}

export const workspaceQuery = queryOptions({ queryKey: clientDataKeys.workspace, queryFn: getWorkspace });

export function useWorkspace() {
  return useQuery(workspaceQuery);
}
