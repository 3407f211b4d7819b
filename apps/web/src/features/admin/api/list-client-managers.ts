import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZManagersResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

export type TManagers = z.infer<typeof ZManagersResponse>;

export function listClientManagers(id: string): Promise<TManagers> {
  return apiFetch<TManagers>(`${clientPath(id)}/managers`);
}

export const clientManagersQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.clientManagers(id), queryFn: () => listClientManagers(id), retry: false });

export function useClientManagers(id: string) {
  return useQuery(clientManagersQuery(id));
}

/**
 * After an attempt to add or remove a manager, successful or not (someone else may have changed
 * them): reloads the client's managers, its timeline and the clients lists.
 */
export function invalidateClientManagers(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.clientManagers(id) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.clientTimeline(id) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.clientLists }),
  ]);
}
