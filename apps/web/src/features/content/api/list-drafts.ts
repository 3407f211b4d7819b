import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDraft, TDraftChannel } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { contentKeys } from './keys';

/** How often the list is reloaded while the server's job runner is still publishing a draft. */
export const PUBLISHING_POLL_MS = 500;

/** GET /api/drafts[?channel=]: the workspace's drafts, newest first. */
export function listDrafts(channel?: TDraftChannel): Promise<TDraft[]> {
  return apiFetch<TDraft[]>(channel ? `/api/drafts?channel=${encodeURIComponent(channel)}` : '/api/drafts');
}

/** Polls while any draft is publishing, so "Publishing…" turns into "Published" without a reload. */
export const draftsQuery = (channel?: TDraftChannel) =>
  queryOptions({
    queryKey: contentKeys.draftList(channel),
    queryFn: () => listDrafts(channel),
    refetchInterval: (query) => (query.state.data?.some((draft) => draft.status === 'publishing') ? PUBLISHING_POLL_MS : false),
  });

export function useDrafts(channel?: TDraftChannel) {
  return useQuery(draftsQuery(channel));
}
