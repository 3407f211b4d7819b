import { PUBLISH_DELAY_MS, QUEUE_OFFSET_MS, type TDraft, type TUpdateDraftRequest } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { getDraftRow, toDraft } from './draft-row.ts';

export const PUBLISH_JOB = 'draft.publish';

/**
 * The draft state machine, enforced here:
 * draft → queued (Queue: one hour ahead); draft | queued → publishing (Publish now) → published by the
 * job runner 1.2 s later; queued → queued (Re-queue: one hour ahead again); published offers only Delete.
 * The guarded UPDATE (… WHERE status IN allowed) makes a racing second transition a 409, not a double one.
 */
async function transition(
  db: Db,
  workspaceId: string,
  id: string,
  allowed: readonly string[],
  refusal: string,
  set: { status: string; scheduledAt?: string | null },
): Promise<TDraft> {
  await getDraftRow(db, workspaceId, id);
  const result = await db
    .updateTable('draft')
    .set({ ...set, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .where('status', 'in', [...allowed])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, refusal);
  return toDraft(await getDraftRow(db, workspaceId, id));
}

const hourAhead = () => new Date(Date.now() + QUEUE_OFFSET_MS).toISOString();

export function queueDraft(db: Db, workspaceId: string, id: string): Promise<TDraft> {
  return transition(db, workspaceId, id, ['draft'], 'Only a draft can be queued.', { status: 'queued', scheduledAt: hourAhead() });
}

export function requeueDraft(db: Db, workspaceId: string, id: string): Promise<TDraft> {
  return transition(db, workspaceId, id, ['queued'], 'Only a queued draft can be re-queued.', {
    status: 'queued',
    scheduledAt: hourAhead(),
  });
}

/** Moves to publishing and queues the job that finishes it; answers with the publishing draft. */
export async function publishDraft(db: Db, workspaceId: string, id: string): Promise<{ draft: TDraft; publishAt: Date }> {
  const publishAt = new Date(Date.now() + PUBLISH_DELAY_MS);
  const draft = await db.transaction().execute(async (trx) => {
    const moved = await transition(trx, workspaceId, id, ['draft', 'queued'], 'This draft is already being published or was published.', {
      status: 'publishing',
    });
    await enqueueJob(trx, PUBLISH_JOB, { draftId: id }, { runAt: publishAt });
    return moved;
  });
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

export async function updateDraft(db: Db, workspaceId: string, id: string, input: TUpdateDraftRequest): Promise<TDraft> {
  await getDraftRow(db, workspaceId, id);
  const result = await db
    .updateTable('draft')
    .set({ ...input, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .where('status', 'in', ['draft', 'queued'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, 'A published draft cannot be edited.');
  return toDraft(await getDraftRow(db, workspaceId, id));
}
