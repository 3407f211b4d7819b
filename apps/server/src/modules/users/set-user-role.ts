import { isStaffRole, ZRole, type TRole } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { removeEmptyWorkspace } from '../workspaces/remove-empty-workspace.ts';

export async function setUserRole(db: Db, email: string, role: string): Promise<TRole> {
  const parsed = ZRole.safeParse(role);
  if (!parsed.success) throw new HttpError(400, `Unknown role "${role}": use one of ${ZRole.options.join(', ')}`);
  const result = await db
    .updateTable('user')
    .set({ role: parsed.data, updatedAt: new Date().toISOString() })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!result.numUpdatedRows) throw new HttpError(404, `No account with the email ${email}`);
  if (isStaffRole(parsed.data)) await removeEmptyWorkspace(db, email);
  // Assignments grant access to clients: someone who is no longer staff keeps none to regain later.
  else await db.deleteFrom('workspaceManager').where('email', '=', email.trim().toLowerCase()).execute();
  return parsed.data;
}

/** FOUNDER_EMAIL accounts are founders, also when the variable is set after they signed up. */
export async function syncFounderRoles(db: Db, founderEmails: string[]): Promise<void> {
  if (!founderEmails.length) return;
  await db.updateTable('user').set({ role: 'founder' }).where('email', 'in', founderEmails).where('role', '!=', 'founder').execute();
}
