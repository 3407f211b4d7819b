import type { TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/**
 * POST /api/drafts/{id}/publish: draft, queued, failed or held → publishing; the server's scheduler
 * publishes it at once (the drafts query polls meanwhile). On a failed post this is Retry. 409 when
 * already publishing or published.
 */
export function publishDraft(id: string): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/publish`, { method: 'POST' });
}

export const usePublishDraft = (id: string) => useDraftMutation(() => publishDraft(id), id);
