/** TanStack Query keys of the dashboard's Requests page; invalidating a prefix reloads everything under it. */
export const requestKeys = {
  all: ['requests'] as const,
  list: ['requests', 'list'] as const,
  detail: (id: string) => ['requests', 'detail', id] as const,
};

export const requestPath = (id: string) => `/api/requests/${encodeURIComponent(id)}`;
