import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/requeue: queued, failed or held → queued at the next free posting slot (or one hour ahead); 409 otherwise. */
export function requeueDraft(id: string): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/requeue`, { method: 'POST' });
}

export const useRequeueDraft = (id: string) => useDraftMutation(() => requeueDraft(id), id);
