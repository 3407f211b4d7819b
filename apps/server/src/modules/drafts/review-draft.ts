import type { TDraft, TDraftComment } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { addDraftComment } from './draft-comments.ts';
import { getDraftRow, nextUpdatedAt, toDraft, type DraftRow } from './draft-row.ts';
import {
  CHANGED_MEANWHILE,
  CHANGED_SINCE_SEEN,
  leaveApproval,
  reviewEventData,
  UNPUBLISHED_STATUSES,
  withReviewState,
  type DraftActor,
  type DraftWorkspace,
} from './review-state.ts';

const NOT_REVIEWABLE = 'This draft is already being published or was published: there is nothing left to review.';

/** The review state a draft moves from, refused with the reason a person can act on. */
function refuseReview(row: DraftRow, refusals: Partial<Record<string, string>>, otherwise: string): never {
  if (!UNPUBLISHED_STATUSES.includes(row.status)) throw new HttpError(409, NOT_REVIEWABLE);
  throw new HttpError(409, refusals[row.reviewState ?? 'none'] ?? otherwise);
}

/**
 * One guarded move of the review state (… WHERE reviewState IN from, and not published): a racing
 * second decision finds the state moved and gets a 409 instead of deciding twice. Given the version
 * the reviewer saw (`seen`), the same UPDATE also requires the draft to still be that version, so
 * an edit made after they opened it, even one racing the decision, is never what gets approved.
 */
async function moveReviewState(
  db: Db,
  workspace: DraftWorkspace,
  row: DraftRow,
  move: { from: readonly (string | null)[]; to: string; seen?: string },
): Promise<TDraft> {
  const { from, to, seen } = move;
  const result = await db
    .updateTable('draft')
    .set({
      ...(row.reviewState === 'approved' ? leaveApproval(workspace, row, to) : { reviewState: to }),
      updatedAt: nextUpdatedAt(row.updatedAt),
    })
    .where('id', '=', row.id)
    .where('workspaceId', '=', workspace.id)
    .where('status', '=', row.status)
    .where(withReviewState(from))
    .$if(seen !== undefined, (query) => query.where('updatedAt', '=', seen!))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, seen === undefined ? CHANGED_MEANWHILE : CHANGED_SINCE_SEEN);
  return toDraft(await getDraftRow(db, workspace.id, row.id));
}

/**
 * Send for review: a draft not published and not already in review goes to in_review, whether it
 * was never sent, sent back with changes, or approved (asking again takes the approval away; an
 * edit does the same by itself). Run it in a transaction: the webhook event goes with it.
 */
export async function sendDraftForReview(db: Db, workspace: DraftWorkspace, id: string, by: DraftActor): Promise<TDraft> {
  const row = await getDraftRow(db, workspace.id, id);
  const from = [null, 'changes_requested', 'approved'];
  if (!UNPUBLISHED_STATUSES.includes(row.status) || !from.includes(row.reviewState))
    refuseReview(row, {}, 'This draft is already in review.');
  const draft = await moveReviewState(db, workspace, row, { from, to: 'in_review' });
  await emitWebhookEvent(db, 'draft.review_requested', reviewEventData(workspace.id, draft, by));
  return draft;
}

export type ReviewDecision = 'approve' | 'request_changes';

/**
 * A reviewer's word on a draft in review: approve (in_review → approved), or request changes
 * (in_review or approved → changes_requested) with a comment saying what should change. With
 * `seen` (the updatedAt the reviewer was shown), only that version is decided on: a draft changed
 * since is a 409. Who may decide is the caller's to check: the owner, an approver, or the holder
 * of a review link. Run it in a transaction: the comment and the webhook events go with it.
 */
export async function decideDraftReview(
  db: Db,
  workspace: DraftWorkspace,
  input: { draftId: string; decision: ReviewDecision; by: DraftActor; comment?: string; seen?: string },
): Promise<{ draft: TDraft; comment: TDraftComment | null }> {
  const row = await getDraftRow(db, workspace.id, input.draftId);
  const approving = input.decision === 'approve';
  const from = approving ? ['in_review'] : ['in_review', 'approved'];
  if (!UNPUBLISHED_STATUSES.includes(row.status) || !from.includes(row.reviewState ?? '')) {
    refuseReview(
      row,
      approving
        ? { approved: 'This draft is already approved.' }
        : { changes_requested: 'Changes were already requested on this draft. It can be reviewed again once it is sent for review.' },
      approving ? 'Only a draft sent for review can be approved.' : 'Only a draft sent for review can be sent back with changes.',
    );
  }
  const draft = await moveReviewState(db, workspace, row, { from, to: approving ? 'approved' : 'changes_requested', seen: input.seen });
  await emitWebhookEvent(db, approving ? 'draft.approved' : 'draft.changes_requested', reviewEventData(workspace.id, draft, input.by));
  const comment = input.comment
    ? await addDraftComment(db, { workspaceId: workspace.id, draftId: draft.id, by: input.by, text: input.comment, internal: false })
    : null;
  return { draft, comment };
}
