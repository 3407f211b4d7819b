import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateDraftRequest, TDraft } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

/** POST a draft in the request's client workspace, made from the request; 409 for a request of no client. */
export function createRequestDraft(id: string, input: TCreateDraftRequest): Promise<TDraft> {
  return apiFetch<TDraft>(`${requestPath(id)}/drafts`, { method: 'POST', json: input });
}

/** The request's drafts and timeline reload, and the client's drafts by state. */
export function useCreateRequestDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; clientId: string; input: TCreateDraftRequest }) => createRequestDraft(id, input),
    onSuccess: (_draft, { id, clientId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.requestWork(id) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.requestTimeline(id) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.clientDrafts(clientId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.clientTimeline(clientId) }),
      ]),
  });
}
