import { queryOptions, useQuery } from '@tanstack/react-query';
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
