import type { TCreateDraftRequest, TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts → 201 with the new draft. */
export function createDraft(input: TCreateDraftRequest): Promise<TDraft> {
  return apiFetch<TDraft>('/api/drafts', { method: 'POST', json: input });
}

export const useCreateDraft = () => useDraftMutation(createDraft);
