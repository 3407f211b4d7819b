import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDraftComment } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { contentKeys } from './keys';

/** GET /api/drafts/{id}/comments: oldest first; internal comments come to staff only. */
export function listDraftComments(id: string): Promise<TDraftComment[]> {
  return apiFetch<TDraftComment[]>(`${draftPath(id)}/comments`);
}

export const draftCommentsQuery = (id: string) =>
  queryOptions({ queryKey: contentKeys.comments(id), queryFn: () => listDraftComments(id) });

export function useDraftComments(id: string) {
  return useQuery(draftCommentsQuery(id));
}
