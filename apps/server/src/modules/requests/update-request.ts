import type { TRequest, TRequestStatus, TTimelineEntry } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { getRequest } from './request-row.ts';

/** Any status can follow any other: staff may reopen a closed request. */
export async function setRequestStatus(db: Db, id: string, status: TRequestStatus, who: string): Promise<TRequest> {
  return db.transaction().execute(async (trx) => {
    const current = await getRequest(trx, id);
    if (current.status === status) return current;
    const now = nowIso();
    await trx.updateTable('request').set({ status, updatedAt: now }).where('id', '=', id).execute();
    const text = `Status set to ${status.replace('_', ' ')}`;
    await addTimelineEntry(trx, { subjectType: 'request', subjectId: id, text, who, ts: now, forClient: true });
    const updated = { ...current, status };
    await emitWebhookEvent(trx, 'request.status_changed', { request: updated, previousStatus: current.status, by: who });
    return updated;
  });
}

/** Internal notes are timeline entries of the request that only staff see. */
export async function addRequestNote(db: Db, id: string, note: string, who: string): Promise<TTimelineEntry> {
  return db.transaction().execute(async (trx) => (await writeRequestNote(trx, { id, text: note, who, forClient: false })).entry);
}

/**
 * A note on the request's timeline (internal, or a reply the client sees) and its webhook event,
 * whose entry says which it is by forClient; answers the entry and the request.
 */
export async function writeRequestNote(
  db: Db,
  input: { id: string; text: string; who: string; forClient: boolean },
): Promise<{ entry: TTimelineEntry; request: TRequest }> {
  const request = await getRequest(db, input.id);
  const now = nowIso();
  await db.updateTable('request').set({ updatedAt: now }).where('id', '=', input.id).execute();
  const entry = await addTimelineEntry(db, {
    subjectType: 'request',
    subjectId: input.id,
    text: input.text,
    who: input.who,
    ts: now,
    forClient: input.forClient,
  });
  await emitWebhookEvent(db, 'request.note_added', { requestId: input.id, note: entry });
  return { entry, request };
}
