import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReplyToClientRequest, TTimelineEntry } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

/** POST a reply the client sees on the request and receives by mail; answers the new timeline entry. */
export function replyToRequest(id: string, input: TReplyToClientRequest): Promise<TTimelineEntry> {
  return apiFetch<TTimelineEntry>(`${requestPath(id)}/replies`, { method: 'POST', json: input });
}

export function useReplyToRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TReplyToClientRequest }) => replyToRequest(id, input),
    onSuccess: (_entry, { id }) => queryClient.invalidateQueries({ queryKey: adminKeys.requestTimeline(id) }),
  });
}
