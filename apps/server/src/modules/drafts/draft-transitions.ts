import type { Updateable } from 'kysely';
import { QUEUE_OFFSET_MS, type TDraft } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { DraftTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { getDraftRow, nextUpdatedAt, toDraft } from './draft-row.ts';
import {
  CHANGED_MEANWHILE,
  leaveApproval,
  reviewEventData,
  UNPUBLISHED_STATUSES,
  withReviewState,
  type DraftActor,
  type DraftWorkspace,
} from './review-state.ts';

export const PUBLISH_JOB = 'draft.publish';

export const APPROVAL_REQUIRED =
  'This workspace requires approval before publishing. Send the draft for review, then queue or publish it once it is approved.';

/**
 * The draft state machine, enforced here:
 * draft → queued (Queue: one hour ahead); draft | queued → publishing (Publish now) → published by the
 * job runner 1.2 s later; queued → queued (Re-queue: one hour ahead again); published offers only Delete.
 * Where the workspace requires approval, only an approved draft moves towards publishing.
 * The guarded UPDATE (… WHERE status IN allowed, and approved where required) makes a racing second
 * transition, or an edit that took the approval away meanwhile, a 409, not a double one.
 */
async function transition(
  db: Db,
  workspace: DraftWorkspace,
  id: string,
  allowed: readonly string[],
  refusal: string,
  set: { status: string; scheduledAt?: string | null },
): Promise<TDraft> {
  const row = await getDraftRow(db, workspace.id, id);
  const gated = workspace.requireApproval && allowed.includes(row.status);
  if (gated && row.reviewState !== 'approved') throw new HttpError(409, APPROVAL_REQUIRED);
  const result = await db
    .updateTable('draft')
    .set({ ...set, updatedAt: nextUpdatedAt(row.updatedAt) })
    .where('id', '=', id)
    .where('workspaceId', '=', workspace.id)
    .where('status', 'in', [...allowed])
    .$if(workspace.requireApproval, (query) => query.where('reviewState', '=', 'approved'))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, refusal);
  return toDraft(await getDraftRow(db, workspace.id, id));
}

const hourAhead = () => new Date(Date.now() + QUEUE_OFFSET_MS).toISOString();

export function queueDraft(db: Db, workspace: DraftWorkspace, id: string): Promise<TDraft> {
  return transition(db, workspace, id, ['draft'], 'Only a draft can be queued.', { status: 'queued', scheduledAt: hourAhead() });
}

export function requeueDraft(db: Db, workspace: DraftWorkspace, id: string): Promise<TDraft> {
  return transition(db, workspace, id, ['queued'], 'Only a queued draft can be re-queued.', {
    status: 'queued',
    scheduledAt: hourAhead(),
  });
}

/**
 * Moves to publishing and queues the job that finishes it, with the caller's handle: run it in a
 * transaction, so the job exists exactly when the change does. Answers with the publishing draft
 * and when the job is due.
 */
export async function publishDraft(db: Db, workspace: DraftWorkspace, id: string): Promise<{ draft: TDraft; publishAt?: Date }> {
  const publishAt = new Date(Date.now() + 1200);
  const draft = await transition(db, workspace, id, ['draft', 'queued'], 'This draft is already being published or was published.', {
    status: 'publishing',
  });
  await enqueueJob(db, PUBLISH_JOB, { draftId: id }, { runAt: publishAt });
  return { draft, publishAt };
}

/** The job: publishing → published, scheduledAt set to the publish time. A deleted draft is a no-op. */
export async function completePublish(db: Db, payload: unknown): Promise<void> {
  const { draftId } = payload as { draftId: string };
  const now = new Date().toISOString();
  await db
    .updateTable('draft')
    .set({ status: 'published', publishedAt: now, scheduledAt: now, updatedAt: now })
    .where('id', '=', draftId)
    .where('status', '=', 'publishing')
    .execute();
}

/**
 * A change to what a draft says or shows (text, channel, media) while it is not published. The
 * approval was given to what the reviewer saw: an approved draft goes back to in_review (and, where
 * approval is required, a queued one back to draft, so it is not published unseen). Other review
 * states stay: staff edit a draft with changes requested, then send it for review again. Every
 * edit gives the draft a new version (updatedAt), so a reviewer who saw the words before it cannot
 * approve these.
 * Run it in a transaction; `sentBack` says whether the approvers should be told.
 */
export async function editDraft(
  db: Db,
  workspace: DraftWorkspace,
  id: string,
  set: Pick<Updateable<DraftTable>, 'text' | 'channel' | 'mediaKey' | 'mediaType' | 'mediaName'>,
  by: DraftActor,
): Promise<{ draft: TDraft; sentBack: boolean }> {
  const row = await getDraftRow(db, workspace.id, id);
  if (!UNPUBLISHED_STATUSES.includes(row.status)) throw new HttpError(409, 'A published draft cannot be edited.');
  const sentBack = row.reviewState === 'approved';
  const result = await db
    .updateTable('draft')
    .set({ ...set, ...(sentBack ? leaveApproval(workspace, row, 'in_review') : {}), updatedAt: nextUpdatedAt(row.updatedAt) })
    .where('id', '=', id)
    .where('workspaceId', '=', workspace.id)
    .where('status', '=', row.status)
    .where(withReviewState([row.reviewState]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, CHANGED_MEANWHILE);
  const draft = toDraft(await getDraftRow(db, workspace.id, id));
  if (sentBack) await emitWebhookEvent(db, 'draft.review_requested', reviewEventData(workspace.id, draft, by));
  return { draft, sentBack };
}
