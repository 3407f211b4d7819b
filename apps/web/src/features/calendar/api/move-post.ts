import type { TScheduleDraftRequest } from '@hookline/shared';
import { scheduleDraft } from '@/features/content/api/schedule-draft';
import { useDraftMutation } from '@/features/content/api/use-draft-mutation';

export interface MovePostInput {
  id: string;
  body: TScheduleDraftRequest;
}

/**
 * Moves any post of the calendar (the one dragged, or the one whose dialog is open) to an exact
 * time, through the draft's schedule endpoint. Like every drafts change it reloads the drafts
 * queries, the calendar's among them, and ends once they have reloaded.
 */
export const useMovePost = () => useDraftMutation(({ id, body }: MovePostInput) => scheduleDraft(id, body));
