import type { Updateable } from 'kysely';
import type { TDraft, TWorkspace } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { DraftTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { checkDraft } from '../networks/check-draft.ts';
import { findNextPostingTime } from '../posting-slots/find-next-posting-time.ts';
import { findDraftConnection } from '../social/find-draft-connection.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { getDraftRow, nextUpdatedAt, toDraft } from './draft-row.ts';
import {
  CHANGED_MEANWHILE,
  leaveApproval,
  reviewEventData,
  SCHEDULED_STATUSES,
  UNPUBLISHED_STATUSES,
  withReviewState,
  type DraftActor,
  type DraftWorkspace,
} from './review-state.ts';

export const APPROVAL_REQUIRED =
  'This workspace requires approval before publishing. Send the draft for review, then queue or publish it once it is approved.';

export const PAST_TIME = 'Choose a time in the future.';
export const TOO_FAR_AHEAD = 'Choose a time within the next five years.';
const MAX_AHEAD_MS = 5 * 366 * 24 * 60 * 60_000;

/** Scheduling also needs the zone the workspace's posting slots are in. */
export type SchedulingWorkspace = DraftWorkspace & Pick<TWorkspace, 'timeZone'>;

/** A move that starts a new publishing round: the last round's outcome is forgotten. */
const freshRound = { failureReason: null, lateSeconds: null, publishAttempts: 0, publishLease: null, leaseUntil: null } as const;

/**
 * The draft state machine, enforced here (the scheduler, modules/publishing, does the rest):
 * draft → queued (Queue: the next free posting slot, or one hour ahead; Schedule: a chosen time);
 * queued, failed or held → queued again (Re-queue, Schedule) or back to draft (Unqueue);
 * draft, queued, failed or held → publishing now (Publish now; Retry on a failed post). Published
 * offers only Delete. Where the workspace requires approval, only an approved draft is queued,
 * scheduled or published. The guarded UPDATE (… WHERE status IN allowed, and approved where
 * required) makes a racing second transition, the scheduler claiming the post meanwhile, or an
 * edit that took the approval away meanwhile a 409, not a double one.
 */
async function transition(
  db: Db,
  workspace: DraftWorkspace,
  id: string,
  allowed: readonly string[],
  refusal: string,
  set: (row: TDraftRowLike) => Promise<Updateable<DraftTable>> | Updateable<DraftTable>,
  { gated = true } = {},
): Promise<TDraft> {
  const row = await getDraftRow(db, workspace.id, id);
  const requireApproval = gated && workspace.requireApproval;
  if (!allowed.includes(row.status) || (row.status === 'publishing' && row.publishLease !== null)) throw new HttpError(409, refusal);
  if (requireApproval && row.reviewState !== 'approved') throw new HttpError(409, APPROVAL_REQUIRED);
  if (gated) await assertNetworkAccepts(db, row);
  const result = await db
    .updateTable('draft')
    .set({ ...(await set(row)), updatedAt: nextUpdatedAt(row.updatedAt) })
    .where('id', '=', id)
    .where('workspaceId', '=', workspace.id)
    .where('status', '=', row.status)
    // A publishing post moves only while no runner holds it (waiting to be claimed, or to retry).
    .$if(row.status === 'publishing', (query) => query.where('publishLease', 'is', null))
    .$if(requireApproval, (query) => query.where('reviewState', '=', 'approved'))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, refusal);
  return toDraft(await getDraftRow(db, workspace.id, id));
}

type TDraftRowLike = Awaited<ReturnType<typeof getDraftRow>>;

/**
 * A post bound for a network (an account of its channel is connected) must pass the network's
 * checks before it is queued, scheduled or published: 422 with every problem, instead of a failure
 * at its time. Without a connected account it is published in Hookline only, which refuses nothing.
 */
async function assertNetworkAccepts(db: Db, row: TDraftRowLike): Promise<void> {
  const problems = checkDraft(row);
  if (problems.length === 0 || !(await findDraftConnection(db, row))) return;
  throw new HttpError(422, problems.join(' '));
}

/**
 * Queued at the next posting slot no other post of its channel holds (one hour ahead without
 * slots). Run in a transaction: it first writes the workspace's row, so two posts queued at the
 * same moment take turns (PostgreSQL holds the row lock until commit; SQLite has one writer) and
 * the second sees the slot the first took.
 */
async function queuedAtNextSlot(db: Db, workspace: SchedulingWorkspace, row: TDraftRowLike): Promise<Updateable<DraftTable>> {
  await db
    .updateTable('workspace')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', workspace.id)
    .execute();
  const { at } = await findNextPostingTime(db, {
    workspaceId: workspace.id,
    timeZone: workspace.timeZone,
    channel: row.channel,
    draftId: row.id,
    after: new Date(),
  });
  return { status: 'queued', scheduledAt: at.toISOString(), ...freshRound };
}

export function queueDraft(db: Db, workspace: SchedulingWorkspace, id: string): Promise<TDraft> {
  return transition(db, workspace, id, ['draft'], 'Only a draft can be queued.', (row) => queuedAtNextSlot(db, workspace, row));
}

/**
 * What moves to another time or back to draft: scheduled posts, and publishing ones no runner
 * holds (Publish now not yet claimed, or waiting to retry after a temporary failure).
 */
const MOVABLE_STATUSES = [...SCHEDULED_STATUSES, 'publishing'];

export function requeueDraft(db: Db, workspace: SchedulingWorkspace, id: string): Promise<TDraft> {
  return transition(db, workspace, id, MOVABLE_STATUSES, 'Only a queued, failed or held post can be re-queued.', (row) =>
    queuedAtNextSlot(db, workspace, row),
  );
}

/** Queued at an exact time, which must be in the future and within the next few years. */
export function scheduleDraft(db: Db, workspace: DraftWorkspace, id: string, at: Date): Promise<TDraft> {
  if (at.getTime() <= Date.now()) throw new HttpError(400, PAST_TIME);
  if (at.getTime() > Date.now() + MAX_AHEAD_MS) throw new HttpError(400, TOO_FAR_AHEAD);
  return transition(
    db,
    workspace,
    id,
    ['draft', ...MOVABLE_STATUSES],
    'This post is being published or was published: it cannot move.',
    () => ({
      status: 'queued',
      scheduledAt: at.toISOString(),
      ...freshRound,
    }),
  );
}

/** Back to draft: taken off the schedule. Needs no approval: nothing is published. */
export function unqueueDraft(db: Db, workspace: SchedulingWorkspace, id: string): Promise<TDraft> {
  return transition(
    db,
    workspace,
    id,
    MOVABLE_STATUSES,
    'Only a queued, failed or held post can go back to draft.',
    () => ({ status: 'draft', scheduledAt: null, ...freshRound }),
    { gated: false },
  );
}

/**
 * To publishing now, with no lease: the scheduler claims it at once (the route kicks it), in
 * whichever process runs jobs. On a failed or held post, this is Retry.
 */
export function publishDraft(db: Db, workspace: DraftWorkspace, id: string): Promise<TDraft> {
  return transition(db, workspace, id, UNPUBLISHED_STATUSES, 'This draft is already being published or was published.', () => ({
    status: 'publishing',
    scheduledAt: new Date().toISOString(),
    ...freshRound,
  }));
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
  set: Omit<Updateable<DraftTable>, 'id' | 'workspaceId' | 'status' | 'reviewState' | 'updatedAt' | 'createdAt'>,
  by: DraftActor,
): Promise<{ draft: TDraft; sentBack: boolean }> {
  const row = await getDraftRow(db, workspace.id, id);
  if (!UNPUBLISHED_STATUSES.includes(row.status)) throw new HttpError(409, 'A published draft cannot be edited.');
  // A post already on the schedule stays one its network accepts: the edit is refused instead.
  if (row.status !== 'draft') await assertNetworkAccepts(db, { ...row, ...set } as TDraftRowLike);
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
