import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { overviewKeys } from './keys';

/** GET /api/drafts: every draft of the workspace, newest first. */
export function listDrafts(): Promise<TDraft[]> {
  return apiFetch<TDraft[]>('/api/drafts');
}

/** Polls while a draft is publishing, so the activity and the chart catch the published moment. */
export const allDraftsQuery = queryOptions({
  queryKey: overviewKeys.allDrafts,
  queryFn: listDrafts,
  refetchInterval: (query) => (query.state.data?.some((draft) => draft.status === 'publishing') ? 1000 : false),
});

export function useAllDrafts() {
  return useQuery(allDraftsQuery);
}
