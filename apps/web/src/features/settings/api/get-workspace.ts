import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkspace } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/workspace: the signed-in client's workspace and its preferences. */
export function getWorkspace(): Promise<TWorkspace> {
  return apiFetch<TWorkspace>('/api/workspace');
}

export const workspaceQuery = queryOptions({ queryKey: settingsKeys.workspace, queryFn: getWorkspace });

export function useWorkspace() {
  return useQuery(workspaceQuery);
}
