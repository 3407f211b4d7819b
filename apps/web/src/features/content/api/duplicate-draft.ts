import type { TDraft, TDuplicateDraftRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/duplicate → 201 with the copies: new drafts with its words and media, one per channel or account. */
export function duplicateDraft(id: string, input: TDuplicateDraftRequest): Promise<TDraft[]> {
  return apiFetch<TDraft[]>(`${draftPath(id)}/duplicate`, { method: 'POST', json: input });
}

/** After a pending save of the draft, so the copies carry the words shown; the list reloads with them. */
export const useDuplicateDraft = (id: string) => useDraftMutation((input: TDuplicateDraftRequest) => duplicateDraft(id, input), id);
