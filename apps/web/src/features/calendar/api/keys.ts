import type { TAdminCalendarQuery, TCalendarQuery } from '@hookline/shared';
import { clientDataKeys } from '@/lib/client-data/keys';

/**
 * TanStack Query keys of the calendars. The dashboard's is under the drafts prefix, so every change
 * to drafts (a move here, a queue or edit on the Content page) reloads it; the console's is under
 * the admin prefix.
 */
export const calendarKeys = {
  workspace: (query: TCalendarQuery) => [...clientDataKeys.drafts, 'calendar', query] as const,
  admin: (query: TAdminCalendarQuery) => ['admin', 'calendar', query] as const,
};

/** '?from=…&to=…' with the defined values only. */
export const calendarSearch = (query: Record<string, string | undefined>) =>
  `?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined))}`;
