/** TanStack Query keys of the analytics page; they match the content page's keys for the same endpoints. */
export const analyticsKeys = {
  allDrafts: ['drafts', 'list', 'all'] as const,
  workspace: ['workspace'] as const,
};
