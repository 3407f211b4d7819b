import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/approve: in_review → approved; the owner and approvers only (403 otherwise). */
export function approveDraft(id: string): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/approve`, { method: 'POST' });
}

export const useApproveDraft = (id: string) => useDraftMutation(() => approveDraft(id), id);
