import type { TApproveDraftRequest, TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/**
 * POST /api/drafts/{id}/approve: in_review → approved; the owner and approvers only (403 otherwise);
 * 409 when the draft is no longer the version `seen`.
 */
export function approveDraft(id: string, input: TApproveDraftRequest): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/approve`, { method: 'POST', json: input });
}

/** `seen` is read when the approval is sent (after a pending save of the text), so it names the version shown then. */
export const useApproveDraft = (id: string, seen: () => string) => useDraftMutation(() => approveDraft(id, { seen: seen() }), id);
