import type { ExpressionBuilder, Updateable } from 'kysely';
import type { TDraft, TDraftComment, TWorkspace } from '@hookline/shared';
import type { Database, DraftTable } from '../../db/schema.ts';

/** What the publishing and review rules need to know of a draft's workspace. */
export type DraftWorkspace = Pick<TWorkspace, 'id' | 'requireApproval'>;

/** Who changed a draft or wrote on it: a signed-in client or staff member, or someone with a review link. */
export interface DraftActor {
  name: string;
  email: string | null;
  kind: TDraftComment['authorKind'];
}

/** A guarded UPDATE found the draft moved by someone else between the read and the write. */
export const CHANGED_MEANWHILE = 'This draft changed at the same moment. Reload it and try again.';

/** A decision named a version of the draft (`seen`) that is no longer the draft's. */
export const CHANGED_SINCE_SEEN = 'This draft changed since you opened it. Look at the new version, then decide again.';

/** Posts with a planned time that the scheduler has not taken: they move, or go back to draft. */
export const SCHEDULED_STATUSES = ['queued', 'failed', 'held'];

/** A draft not published yet and not being published: the only ones that are edited and reviewed. */
export const UNPUBLISHED_STATUSES = ['draft', ...SCHEDULED_STATUSES];

/** A WHERE on the review state matching any of these (null: never sent for review). */
export function withReviewState(states: readonly (string | null)[]) {
  const named = states.filter((state): state is string => state !== null);
  return (eb: ExpressionBuilder<Database, 'draft'>) =>
    eb.or([...(named.length ? [eb('reviewState', 'in', named)] : []), ...(states.includes(null) ? [eb('reviewState', 'is', null)] : [])]);
}

/**
 * The columns that take a draft out of 'approved'. Where approval is required, a scheduled draft
 * (queued, failed or held) returns to draft: nothing unapproved stays scheduled.
 */
export function leaveApproval(workspace: DraftWorkspace, row: { status: string }, reviewState: string): Updateable<DraftTable> {
  return workspace.requireApproval && SCHEDULED_STATUSES.includes(row.status)
    ? { reviewState, status: 'draft', scheduledAt: null, failureReason: null }
    : { reviewState };
}

/** The data of the draft.* webhook events: the client, the draft as it now is, and who acted. */
export function reviewEventData(workspaceId: string, draft: TDraft, by: DraftActor) {
  return {
    clientId: workspaceId,
    draft: {
      id: draft.id,
      channel: draft.channel,
      type: draft.type,
      text: draft.text,
      status: draft.status,
      reviewState: draft.reviewState,
    },
    by,
  };
}
