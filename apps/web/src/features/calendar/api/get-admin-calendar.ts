import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminCalendar, TAdminCalendarQuery } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { calendarKeys, calendarSearch } from './keys';

/** GET /api/admin/calendar?from=&to=&clientId=&channel=: posts across the clients the staff member sees. */
export function getAdminCalendar(query: TAdminCalendarQuery): Promise<TAdminCalendar> {
  return apiFetch<TAdminCalendar>(`/api/admin/calendar${calendarSearch(query)}`);
}

export const adminCalendarQuery = (query: TAdminCalendarQuery) =>
  queryOptions({ queryKey: calendarKeys.admin(query), queryFn: () => getAdminCalendar(query), placeholderData: keepPreviousData });

export function useAdminCalendar(query: TAdminCalendarQuery) {
  return useQuery(adminCalendarQuery(query));
}
