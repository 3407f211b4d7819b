import { CADENCES, type TWorkspace } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ensureWorkspace } from './ensure-workspace.ts';

/**
 * The workspace a signed-in client works in: the one their email owns. Self-serve sign-up creates
 * it; an owner invited by staff (or who sent the questionnaire first) finds it waiting. Accounts
 * older than this rule get theirs on first use.
 */
export async function workspaceOfUser(db: Db, user: Pick<SessionUser, 'email' | 'name'>): Promise<TWorkspace> {
  const { id } = await ensureWorkspace(db, { ownerEmail: user.email.toLowerCase(), name: user.name || user.email, now: nowIso() });
  const row = await db
    .selectFrom('workspace')
    .select(['id', 'name', 'ownerEmail', 'plan', 'status', 'timeZone', 'cadence'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const cadence = (CADENCES as readonly string[]).includes(row.cadence ?? '') ? (row.cadence as TWorkspace['cadence']) : 'Daily';
  return { id: row.id, name: row.name, owner: row.ownerEmail, plan: row.plan, status: row.status, timeZone: row.timeZone, cadence };
}
