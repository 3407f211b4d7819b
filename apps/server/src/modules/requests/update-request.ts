import type { TRequest, TRequestStatus, TTimelineEntry } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { getRequest } from './request-row.ts';

/** Any status can follow any other (SPEC section 4). */
export async function setRequestStatus(db: Db, id: string, status: TRequestStatus, who: string): Promise<TRequest> {
  const current = await getRequest(db, id);
  if (current.status === status) return current;
  const now = nowIso();
  await db.updateTable('request').set({ status, updatedAt: now }).where('id', '=', id).execute();
  await addTimelineEntry(db, { subjectType: 'request', subjectId: id, text: `Status set to ${status.replace('_', ' ')}`, who, ts: now });
  return { ...current, status };
}

/** Internal notes are timeline entries of the request. */
export async function addRequestNote(db: Db, id: string, note: string, who: string): Promise<TTimelineEntry> {
  await getRequest(db, id);
  const now = nowIso();
  await db.updateTable('request').set({ updatedAt: now }).where('id', '=', id).execute();
  return addTimelineEntry(db, { subjectType: 'request', subjectId: id, text: note, who, ts: now });
}
