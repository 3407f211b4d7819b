import type { TDraftChannel } from '@hookline/shared';

/**
 * TanStack Query keys of the client dashboard's shared reads. The content, overview, analytics and
 * settings pages read these endpoints under these keys, so a draft queued, a channel refreshed or a
 * preference saved on one page shows on the others without a reload. Invalidating a prefix reloads
 * everything under it.
 */
export const clientDataKeys = {
  drafts: ['drafts'] as const,
  draftLists: ['drafts', 'list'] as const,
  draftList: (channel: TDraftChannel | undefined) => ['drafts', 'list', channel ?? 'all'] as const,
  workspace: ['workspace'] as const,
  socialConnections: ['social', 'connections'] as const,
};
