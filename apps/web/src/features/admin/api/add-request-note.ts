import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TTimelineEntry, ZAddNoteRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

/** POST an internal note; answers the new timeline entry. */
export function addRequestNote(id: string, input: z.input<typeof ZAddNoteRequest>): Promise<TTimelineEntry> {
  return apiFetch<TTimelineEntry>(`${requestPath(id)}/notes`, { method: 'POST', json: input });
}

export function useAddRequestNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: z.input<typeof ZAddNoteRequest> }) => addRequestNote(id, input),
    onSuccess: (_entry, { id }) => queryClient.invalidateQueries({ queryKey: adminKeys.requestTimeline(id) }),
  });
}
