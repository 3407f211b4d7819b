import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDraft, TDraftChannel } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientDataKeys } from './keys';

/** GET /api/drafts[?channel=]: the workspace's drafts (all channels, or one), newest first. */
export function listDrafts(channel?: TDraftChannel): Promise<TDraft[]> {
  return apiFetch<TDraft[]>(channel ? `/api/drafts?channel=${encodeURIComponent(channel)}` : '/api/drafts');
}

export type DraftsQueryOptions = {
  /**
   * Reload the list this often (ms) while any draft is publishing or a queued one's time has come,
   * so a post turns into "Published" (or failed) without a reload. Without it the list is not polled.
   */
  pollWhilePublishingMs?: number;
};

/** Publishing, or queued for a time before `by`: the scheduler may change it any moment. */
const isUnderway = (draft: TDraft, by: number) =>
  draft.status === 'publishing' || (draft.status === 'queued' && draft.scheduledAt !== null && Date.parse(draft.scheduledAt) <= by);

/** The drafts list under clientDataKeys.draftList(channel); the all-channels list without a channel. */
export const draftsQuery = (channel?: TDraftChannel, { pollWhilePublishingMs }: DraftsQueryOptions = {}) =>
  queryOptions({
    queryKey: clientDataKeys.draftList(channel),
    queryFn: () => listDrafts(channel),
    ...(pollWhilePublishingMs
      ? {
          refetchInterval: (query: { state: { data?: TDraft[] } }) =>
            query.state.data?.some((draft) => isUnderway(draft, Date.now() + pollWhilePublishingMs)) ? pollWhilePublishingMs : false,
        }
      : {}),
  });

export function useDrafts(channel?: TDraftChannel, options?: DraftsQueryOptions) {
  return useQuery(draftsQuery(channel, options));
}
