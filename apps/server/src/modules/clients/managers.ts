import { isStaffRole } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { getClient } from './client-row.ts';

export async function listManagers(db: Db, clientId: string): Promise<string[]> {
  await getClient(db, clientId);
  const rows = await db.selectFrom('workspaceManager').select('email').where('workspaceId', '=', clientId).orderBy('email').execute();
  return rows.map((r) => r.email);
}

/** Managers are a set of staff emails: adding one twice changes nothing. */
export async function addManager(db: Db, clientId: string, email: string, who: string): Promise<string[]> {
  await getClient(db, clientId);
  const account = await db.selectFrom('user').select('role').where('email', '=', email).executeTakeFirst();
  if (!account || !isStaffRole(account.role)) {
    throw new HttpError(422, `${email} is not a staff account. Managers must be Hookline staff (manager, admin or founder).`);
  }
  const now = nowIso();
  const inserted = await db
    .insertInto('workspaceManager')
    .values({ workspaceId: clientId, email, createdAt: now })
    .onConflict((oc) => oc.columns(['workspaceId', 'email']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    await addTimelineEntry(db, { subjectType: 'client', subjectId: clientId, text: `Manager ${email} assigned`, who, ts: now });
  }
  return listManagers(db, clientId);
}

export async function removeManager(db: Db, clientId: string, email: string, who: string): Promise<string[]> {
  await getClient(db, clientId);
  const deleted = await db.deleteFrom('workspaceManager').where('workspaceId', '=', clientId).where('email', '=', email).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new HttpError(404, `${email} is not a manager of this client`);
  await addTimelineEntry(db, { subjectType: 'client', subjectId: clientId, text: `Manager ${email} removed`, who, ts: nowIso() });
  return listManagers(db, clientId);
}
