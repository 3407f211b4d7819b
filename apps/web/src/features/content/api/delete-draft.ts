import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** DELETE /api/drafts/{id} → 204; the draft's media goes with it. */
export function deleteDraft(id: string): Promise<void> {
  return apiFetch<void>(draftPath(id), { method: 'DELETE' });
}

/** mutate(id). */
export const useDeleteDraft = () => useDraftMutation(deleteDraft);
