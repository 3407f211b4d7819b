import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/requeue: queued → queued, one hour from now again; 409 from any other status. */
export function requeueDraft(id: string): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/requeue`, { method: 'POST' });
}

export const useRequeueDraft = (id: string) => useDraftMutation(() => requeueDraft(id), id);
