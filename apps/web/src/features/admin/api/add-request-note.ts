import type { z } from 'zod';
import type { TTimelineEntry, ZAddNoteRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { requestPath } from './keys';

/** POST an internal note; answers the new timeline entry. */
export function addRequestNote(id: string, input: z.input<typeof ZAddNoteRequest>): Promise<TTimelineEntry> {
  return apiFetch<TTimelineEntry>(`${requestPath(id)}/notes`, { method: 'POST', json: input });
}
