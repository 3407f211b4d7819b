import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddDraftCommentRequest, TDraftComment } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { contentKeys } from './keys';

/** POST /api/drafts/{id}/comments → 201 with the comment; `internal` is accepted from staff only. */
export function addDraftComment(id: string, input: TAddDraftCommentRequest): Promise<TDraftComment> {
  return apiFetch<TDraftComment>(`${draftPath(id)}/comments`, { method: 'POST', json: input });
}

/** mutate({ text, internal }); pending until the thread has reloaded, so the new comment shows when it ends. */
export function useAddDraftComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAddDraftCommentRequest) => addDraftComment(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.comments(id) }),
  });
}
