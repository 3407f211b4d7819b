import type { TDraft, TScheduleDraftRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/**
 * POST /api/drafts/{id}/schedule: queued at an exact time, sent as the wall-clock time the user
 * picked and the zone it was shown in, so the server (not the browser) turns it into an instant.
 */
export function scheduleDraft(id: string, body: TScheduleDraftRequest): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/schedule`, { method: 'POST', json: body });
}

export const useScheduleDraft = (id: string) => useDraftMutation((body: TScheduleDraftRequest) => scheduleDraft(id, body), id);
