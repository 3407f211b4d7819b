import { CADENCES, isStaffRole, type TWorkspace } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ensureWorkspace } from './ensure-workspace.ts';

export const STAFF_HAVE_NO_WORKSPACE = 'Staff accounts have no client workspace. Use the admin console.';

/**
 * The workspace a signed-in client works in: the one their email owns. Self-serve sign-up creates
 * it; an owner invited by staff (or who sent the questionnaire first) finds it waiting. Accounts
 * older than this rule get theirs on first use.
 */
export async function workspaceOfUser(db: Db, user: Pick<SessionUser, 'email' | 'name' | 'role'>): Promise<TWorkspace> {
  const ownerEmail = user.email.toLowerCase();
  // Staff are not clients: no workspace is made for them (it would show up as a client and in MRR).
  if (isStaffRole(user.role)) {
    const own = await db.selectFrom('workspace').select('id').where('ownerEmail', '=', ownerEmail).executeTakeFirst();
    if (!own) throw new HttpError(403, STAFF_HAVE_NO_WORKSPACE);
  }
  const { id } = await ensureWorkspace(db, { ownerEmail, name: user.name || user.email, now: nowIso() });
  const row = await db
    .selectFrom('workspace')
    .select(['id', 'name', 'ownerEmail', 'plan', 'status', 'timeZone', 'cadence'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const cadence = (CADENCES as readonly string[]).includes(row.cadence ?? '') ? (row.cadence as TWorkspace['cadence']) : 'Daily';
  return { id: row.id, name: row.name, owner: row.ownerEmail, plan: row.plan, status: row.status, timeZone: row.timeZone, cadence };
}
