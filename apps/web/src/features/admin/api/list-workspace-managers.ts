import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZManagersResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

export type TManagers = z.infer<typeof ZManagersResponse>;

export function listWorkspaceManagers(id: string): Promise<TManagers> {
  return apiFetch<TManagers>(`${clientPath(id)}/managers`);
}

export const workspaceManagersQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.clientManagers(id), queryFn: () => listWorkspaceManagers(id), retry: false });

export function useWorkspaceManagers(id: string) {
  return useQuery(workspaceManagersQuery(id));
}

/**
 * After an attempt to add or remove a manager, successful or not (someone else may have changed
 * them): reloads the client's managers, its timeline and the clients lists.
 */
export function invalidateWorkspaceManagers(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.clientManagers(id) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.clientTimeline(id) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.clientLists }),
  ]);
}
