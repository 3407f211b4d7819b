import { isStaffRole, ZRole, type TRole } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { removeEmptyWorkspace } from '../workspaces/remove-empty-workspace.ts';

/**
 * Ends the memberships of an account made staff. Staff reach clients' workspaces by assignment (or
 * everywhere) and act there as staff; a membership kept would leave them on a client's team as a
 * teammate (listed, mailed drafts to approve, able to approve after a later demotion) whom nobody
 * invited back. Each owner sees the teammate go on their timeline.
 */
async function leaveTeams(trx: Db, user: { id: string; email: string }): Promise<void> {
  const left = await trx.deleteFrom('workspaceMember').where('userId', '=', user.id).returning('workspaceId').execute();
  for (const { workspaceId } of left) {
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: workspaceId,
      text: `Teammate removed: ${user.email} (now Hookline staff)`,
      who: 'Hookline',
      ts: nowIso(),
    });
  }
}

/**
 * Gives an account its role, with what the role changes, in one transaction: made staff, it loses
 * its empty self-serve workspace and its memberships; no longer staff, it loses its assignments, so
 * none are kept to regain later.
 */
export async function setUserRole(db: Db, email: string, role: string): Promise<TRole> {
  const parsed = ZRole.safeParse(role);
  if (!parsed.success) throw new HttpError(400, `Unknown role "${role}": use one of ${ZRole.options.join(', ')}`);
  const address = email.trim().toLowerCase();
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('user')
      .set({ role: parsed.data, updatedAt: new Date().toISOString() })
      .where('email', '=', address)
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!user) throw new HttpError(404, `No account with the email ${email}`);
    if (isStaffRole(parsed.data)) {
      await removeEmptyWorkspace(trx, address);
      await leaveTeams(trx, user);
    } else {
      await trx.deleteFrom('workspaceManager').where('email', '=', address).execute();
    }
  });
  return parsed.data;
}

/** FOUNDER_EMAIL accounts are founders, also when the variable is set after they signed up. */
export async function syncFounderRoles(db: Db, founderEmails: string[]): Promise<void> {
  if (!founderEmails.length) return;
  await db.transaction().execute(async (trx) => {
    const promoted = await trx
      .updateTable('user')
      .set({ role: 'founder' })
      .where('email', 'in', founderEmails)
      .where('role', '!=', 'founder')
      .returning(['id', 'email'])
      .execute();
    for (const user of promoted) await leaveTeams(trx, user);
  });
}
