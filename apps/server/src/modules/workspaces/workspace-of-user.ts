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
  // One indexed read in the common case (every dashboard request); writes only for a first visit.
  const own = await readWorkspace(db, ownerEmail);
  if (own) return own;
  // Staff are not clients: no workspace is made for them (it would show up as a client and in MRR).
  if (isStaffRole(user.role)) throw new HttpError(403, STAFF_HAVE_NO_WORKSPACE);
  await ensureWorkspace(db, { ownerEmail, name: user.name || user.email, now: nowIso(), ownerUserId: null });
  const created = await readWorkspace(db, ownerEmail);
  if (!created) throw new Error(`workspace of ${ownerEmail} missing right after it was ensured`);
  return created;
}

async function readWorkspace(db: Db, ownerEmail: string): Promise<TWorkspace | undefined> {
  const row = await db
    .selectFrom('workspace')
    .select(['id', 'name', 'ownerEmail', 'plan', 'status', 'timeZone', 'cadence'])
    .where('ownerEmail', '=', ownerEmail)
    .executeTakeFirst();
  if (!row) return undefined;
  const cadence = (CADENCES as readonly string[]).includes(row.cadence ?? '') ? (row.cadence as TWorkspace['cadence']) : 'Daily';
  return { id: row.id, name: row.name, owner: row.ownerEmail, plan: row.plan, status: row.status, timeZone: row.timeZone, cadence };
}
