import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTimelineEntry } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** Newest first. */
export function getWorkspaceTimeline(id: string): Promise<TTimelineEntry[]> {
  return apiFetch<TTimelineEntry[]>(`${clientPath(id)}/timeline`);
}

export const workspaceTimelineQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.clientTimeline(id), queryFn: () => getWorkspaceTimeline(id), retry: false });

export function useWorkspaceTimeline(id: string) {
  return useQuery(workspaceTimelineQuery(id));
}
