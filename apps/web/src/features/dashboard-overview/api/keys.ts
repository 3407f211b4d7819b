/**
 * TanStack Query keys of the overview. They match the content and settings pages' keys for the
 * same endpoints, so a draft queued there or a channel refreshed there shows here without a reload.
 */
export const overviewKeys = {
  drafts: ['drafts'] as const,
  allDrafts: ['drafts', 'list', 'all'] as const,
  workspace: ['workspace'] as const,
  socialConnections: ['social', 'connections'] as const,
};
