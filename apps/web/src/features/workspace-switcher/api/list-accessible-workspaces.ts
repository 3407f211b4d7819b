import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TListAccessibleWorkspacesResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** How many workspaces the switcher lists at once; a search narrows them down. */
export const SWITCHER_LIMIT = 20;

/** GET /api/workspaces: the workspaces the signed-in user may open (a manager: assigned ones; admins and founders: all). */
export function listAccessibleWorkspaces(search: string, limit = SWITCHER_LIMIT): Promise<TListAccessibleWorkspacesResponse> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (search) query.set('search', search);
  return apiFetch<TListAccessibleWorkspacesResponse>(`/api/workspaces?${query}`);
}

/** The list for one search; the previous answer stays on screen while the next loads. */
export function useAccessibleWorkspaces(search: string) {
  return useQuery({
    queryKey: ['accessible-workspaces', search],
    queryFn: () => listAccessibleWorkspaces(search),
    placeholderData: keepPreviousData,
  });
}
