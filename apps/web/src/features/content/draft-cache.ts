import type { QueryClient } from '@tanstack/react-query';
import type { TDraft } from '@hookline/shared';
import { clientDataKeys } from '@/lib/client-data/keys';

type ListKey = ReturnType<typeof clientDataKeys.draftList>;

/** Puts the server's answer for one draft into every cached list at once (before the lists reload). */
export function replaceDraftInLists(queryClient: QueryClient, draft: TDraft) {
  queryClient.setQueriesData<TDraft[]>({ queryKey: clientDataKeys.draftLists }, (list) =>
    list?.map((item) => (item.id === draft.id ? draft : item)),
  );
}

/** A new draft goes first (lists are newest first) into the all list and its channel's list. */
export function addDraftToLists(queryClient: QueryClient, draft: TDraft) {
  for (const [key, list] of queryClient.getQueriesData<TDraft[]>({ queryKey: clientDataKeys.draftLists })) {
    const channel = (key as ListKey)[2];
    if (list && (channel === 'all' || channel === draft.channel) && !list.some((item) => item.id === draft.id))
      queryClient.setQueryData<TDraft[]>(key, [draft, ...list]);
  }
}

export function removeDraftFromLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<TDraft[]>({ queryKey: clientDataKeys.draftLists }, (list) => list?.filter((item) => item.id !== id));
}

/** Reloads every drafts query (this page's lists and the overview's and analytics' reads). */
export function reloadDrafts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: clientDataKeys.drafts });
}
