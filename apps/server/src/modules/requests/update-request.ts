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
    await addTimelineEntry(trx, { subjectType: 'request', subjectId: id, text: `Status set to ${status.replace('_', ' ')}`, who, ts: now });
    const updated = { ...current, status };
    await emitWebhookEvent(trx, 'request.status_changed', { request: updated, previousStatus: current.status, by: who });
    return updated;
  });
}

/** Internal notes are timeline entries of the request. */
export async function addRequestNote(db: Db, id: string, note: string, who: string): Promise<TTimelineEntry> {
  return db.transaction().execute(async (trx) => {
    await getRequest(trx, id);
    const now = nowIso();
    await trx.updateTable('request').set({ updatedAt: now }).where('id', '=', id).execute();
    const entry = await addTimelineEntry(trx, { subjectType: 'request', subjectId: id, text: note, who, ts: now });
    await emitWebhookEvent(trx, 'request.note_added', { requestId: id, note: entry });
    return entry;
  });
}
