import type { TDraft, TUpdateDraftRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** PATCH /api/drafts/{id}: text, channel, account (connectionId) or media description; 409 once the draft is publishing or published. */
export function updateDraft(id: string, input: TUpdateDraftRequest): Promise<TDraft> {
  return apiFetch<TDraft>(draftPath(id), { method: 'PATCH', json: input });
}

export const useUpdateDraft = (id: string) => useDraftMutation((input: TUpdateDraftRequest) => updateDraft(id, input), id);
