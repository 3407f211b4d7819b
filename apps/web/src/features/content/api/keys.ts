import type { TDraftChannel } from '@hookline/shared';

/**
 * TanStack Query keys of the content page. The overview and analytics pages read the same
 * endpoints under the same keys, so a change made here refreshes them too.
 */
export const contentKeys = {
  drafts: ['drafts'] as const,
  draftLists: ['drafts', 'list'] as const,
  draftList: (channel: TDraftChannel | undefined) => ['drafts', 'list', channel ?? 'all'] as const,
  workspace: ['workspace'] as const,
};

export const draftPath = (id: string) => `/api/drafts/${encodeURIComponent(id)}`;
