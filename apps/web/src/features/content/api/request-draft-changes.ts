import type { TDraft, TRequestChangesRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/request-changes: in_review → changes_requested; the comment opens the draft's thread for the round. */
export function requestDraftChanges(id: string, input: TRequestChangesRequest): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/request-changes`, { method: 'POST', json: input });
}

/** mutate({ comment }). */
export const useRequestDraftChanges = (id: string) =>
  useDraftMutation((input: TRequestChangesRequest) => requestDraftChanges(id, input), id);
