import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCalendar, TCalendarQuery } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { calendarKeys, calendarSearch } from './keys';

/** GET /api/calendar?from=&to=&channel=: the workspace's posts with a time in the range, and its zone. */
export function getCalendar(query: TCalendarQuery): Promise<TCalendar> {
  return apiFetch<TCalendar>(`/api/calendar${calendarSearch(query)}`);
}

/** Keeps the shown weeks on screen while the next ones load. */
export const calendarQuery = (query: TCalendarQuery) =>
  queryOptions({ queryKey: calendarKeys.workspace(query), queryFn: () => getCalendar(query), placeholderData: keepPreviousData });

/** enabled: false until the zone is known, so the first weeks asked for are the right ones. */
export function useCalendar(query: TCalendarQuery, enabled = true) {
  return useQuery({ ...calendarQuery(query), enabled });
}
