import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/queue: draft → queued at the next free posting slot (or one hour ahead); 409 from any other status. */
export function queueDraft(id: string): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/queue`, { method: 'POST' });
}

export const useQueueDraft = (id: string) => useDraftMutation(() => queueDraft(id), id);
