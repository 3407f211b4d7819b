import { clientDataKeys } from '@/lib/client-data/keys';

/** TanStack Query keys of the Content page's own reads. */
export const contentKeys = {
  /**
   * Under the drafts prefix on purpose: every change to drafts reloads the open threads too, since
   * requesting changes writes its comment into the draft's thread.
   */
  comments: (draftId: string) => [...clientDataKeys.drafts, 'comments', draftId] as const,
  reviewLinks: ['review-links'] as const,
};
