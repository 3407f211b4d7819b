import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTimelineEntry } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** Newest first. */
export function getClientTimeline(id: string): Promise<TTimelineEntry[]> {
  return apiFetch<TTimelineEntry[]>(`${clientPath(id)}/timeline`);
}

export const clientTimelineQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.clientTimeline(id), queryFn: () => getClientTimeline(id), retry: false });

export function useClientTimeline(id: string) {
  return useQuery(clientTimelineQuery(id));
}
