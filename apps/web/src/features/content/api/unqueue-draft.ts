import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/unqueue: queued, failed or held → draft, off the schedule; 409 from any other status. */
export function unqueueDraft(id: string): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/unqueue`, { method: 'POST' });
}

export const useUnqueueDraft = (id: string) => useDraftMutation(() => unqueueDraft(id), id);
