import type { TListWorkspacesQuery, TListRequestsQuery, TOverviewRange } from '@hookline/shared';

/** TanStack Query keys of the admin console; invalidating a prefix reloads everything under it. */
export const adminKeys = {
  all: ['admin'] as const,
  overviews: ['admin', 'overview'] as const,
  overview: (range: TOverviewRange) => ['admin', 'overview', range] as const,
  clients: ['admin', 'clients'] as const,
  clientLists: ['admin', 'clients', 'list'] as const,
  clientList: (query: TListWorkspacesQuery) => ['admin', 'clients', 'list', query] as const,
  client: (id: string) => ['admin', 'clients', 'detail', id] as const,
  clientManagers: (id: string) => ['admin', 'clients', 'detail', id, 'managers'] as const,
  clientTimeline: (id: string) => ['admin', 'clients', 'detail', id, 'timeline'] as const,
  clientOnboarding: (id: string) => ['admin', 'clients', 'detail', id, 'onboarding'] as const,
  clientDrafts: (id: string) => ['admin', 'clients', 'detail', id, 'drafts'] as const,
  requests: ['admin', 'requests'] as const,
  requestLists: ['admin', 'requests', 'list'] as const,
  requestList: (query: TListRequestsQuery) => ['admin', 'requests', 'list', query] as const,
  request: (id: string) => ['admin', 'requests', 'detail', id] as const,
  requestTimeline: (id: string) => ['admin', 'requests', 'detail', id, 'timeline'] as const,
  requestSubmission: (id: string) => ['admin', 'requests', 'detail', id, 'submission'] as const,
  requestWork: (id: string) => ['admin', 'requests', 'detail', id, 'work'] as const,
  settings: ['admin', 'settings'] as const,
  webhookSecret: ['admin', 'webhooks', 'secret'] as const,
  webhookDeliveries: ['admin', 'webhooks', 'deliveries'] as const,
  team: ['admin', 'team'] as const,
  channels: ['admin', 'channels'] as const,
};

/** '?a=1&b=x' from the defined, non-empty values ('' when there are none). */
export function toQueryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const clientPath = (id: string) => `/api/admin/clients/${encodeURIComponent(id)}`;
export const requestPath = (id: string) => `/api/admin/requests/${encodeURIComponent(id)}`;
