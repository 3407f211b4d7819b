import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/**
 * POST /api/drafts/{id}/publish: draft or queued → publishing. The server's job runner makes it
 * published about 1.2 s later (the drafts query polls meanwhile); 409 when already publishing or published.
 */
export function publishDraft(id: string): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/publish`, { method: 'POST' });
}

export const usePublishDraft = (id: string) => useDraftMutation(() => publishDraft(id), id);
