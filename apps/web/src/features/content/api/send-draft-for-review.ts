import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/review: the draft is now in_review, waiting for the owner or an approver. */
export function sendDraftForReview(id: string): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/review`, { method: 'POST' });
}

export const useSendDraftForReview = (id: string) => useDraftMutation(() => sendDraftForReview(id), id);
