import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTimelineEntry } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

/** Newest first. */
export function getRequestTimeline(id: string): Promise<TTimelineEntry[]> {
  return apiFetch<TTimelineEntry[]>(`${requestPath(id)}/timeline`);
}

export const requestTimelineQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.requestTimeline(id), queryFn: () => getRequestTimeline(id), retry: false });

export function useRequestTimeline(id: string) {
  return useQuery(requestTimelineQuery(id));
}
