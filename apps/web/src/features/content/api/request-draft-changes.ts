import type { TDraft, TRequestChangesRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/**
 * POST /api/drafts/{id}/request-changes: in_review → changes_requested; the comment opens the
 * draft's thread for the round; 409 when the draft is no longer the version `seen`.
 */
export function requestDraftChanges(id: string, input: TRequestChangesRequest): Promise<TDraft> {
  return apiFetch<TDraft>(`${draftPath(id)}/request-changes`, { method: 'POST', json: input });
}

/** mutate({ comment }); `seen` is read when the request is sent, like an approval's. */
export const useRequestDraftChanges = (id: string, seen: () => string) =>
  useDraftMutation((input: Pick<TRequestChangesRequest, 'comment'>) => requestDraftChanges(id, { ...input, seen: seen() }), id);
