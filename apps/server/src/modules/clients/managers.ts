import { isStaffRole } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { getWorkspaceSummary } from './workspace-summary.ts';

export async function listManagers(db: Db, workspaceId: string): Promise<string[]> {
  await getWorkspaceSummary(db, workspaceId);
  const rows = await db.selectFrom('workspaceManager').select('email').where('workspaceId', '=', workspaceId).orderBy('email').execute();
  return rows.map((r) => r.email);
}

/** Managers are a set of staff emails: adding one twice changes nothing. */
export async function addManager(db: Db, workspaceId: string, email: string, who: string): Promise<string[]> {
  await getWorkspaceSummary(db, workspaceId);
  const account = await db.selectFrom('user').select('role').where('email', '=', email).executeTakeFirst();
  if (!account || !isStaffRole(account.role)) {
    throw new HttpError(422, `${email} is not a staff account. Managers must be Hookline staff (manager, admin or founder).`);
  }
  const now = nowIso();
  const inserted = await db
    .insertInto('workspaceManager')
    .values({ workspaceId, email, createdAt: now })
    .onConflict((oc) => oc.columns(['workspaceId', 'email']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    await addTimelineEntry(db, { subjectType: 'client', subjectId: workspaceId, text: `Manager ${email} assigned`, who, ts: now });
  }
  return listManagers(db, workspaceId);
}

export async function removeManager(db: Db, workspaceId: string, email: string, who: string): Promise<string[]> {
  await getWorkspaceSummary(db, workspaceId);
  const deleted = await db
    .deleteFrom('workspaceManager')
    .where('workspaceId', '=', workspaceId)
    .where('email', '=', email)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new HttpError(404, `${email} is not a manager of this client`);
  await addTimelineEntry(db, { subjectType: 'client', subjectId: workspaceId, text: `Manager ${email} removed`, who, ts: nowIso() });
  return listManagers(db, workspaceId);
}
