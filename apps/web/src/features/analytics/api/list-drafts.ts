import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { analyticsKeys } from './keys';

/** GET /api/drafts: every draft of the workspace, newest first; analytics are computed from the published ones. */
export function listDrafts(): Promise<TDraft[]> {
  return apiFetch<TDraft[]>('/api/drafts');
}

export const allDraftsQuery = queryOptions({ queryKey: analyticsKeys.allDrafts, queryFn: listDrafts });

export function useAllDrafts() {
  return useQuery(allDraftsQuery);
}
