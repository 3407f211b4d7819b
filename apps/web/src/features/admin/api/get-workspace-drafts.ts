import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkspaceDraftsByState } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** The client's unpublished drafts by state: in review, changes requested, approved, scheduled. */
export function getWorkspaceDrafts(id: string): Promise<TWorkspaceDraftsByState> {
  return apiFetch<TWorkspaceDraftsByState>(`${clientPath(id)}/drafts`);
}

export const workspaceDraftsQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.clientDrafts(id), queryFn: () => getWorkspaceDrafts(id), retry: false });

export function useWorkspaceDrafts(id: string) {
  return useQuery(workspaceDraftsQuery(id));
}
