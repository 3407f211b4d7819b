import type { TMemberRole } from '@hookline/shared';
import type { Db } from '../../db/database.ts';

/** The role a teammate has in a workspace, or undefined for an account that is not one of its teammates. */
export async function findMemberRole(db: Db, workspaceId: string, userId: string): Promise<TMemberRole | undefined> {
  const row = await db
    .selectFrom('workspaceMember')
    .select('role')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.role as TMemberRole | undefined;
}

/** The workspace an account joined first as a teammate: where it works when it names none. */
export async function findFirstMembership(db: Db, userId: string): Promise<{ workspaceId: string; role: TMemberRole } | undefined> {
  const row = await db
    .selectFrom('workspaceMember')
    .select(['workspaceId', 'role'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('workspaceId')
    .limit(1)
    .executeTakeFirst();
  return row && { workspaceId: row.workspaceId, role: row.role as TMemberRole };
}

/**
 * Whether an account came, or is coming, to Hookline as someone's teammate: it is a member
 * somewhere, or accepted a teammate's invitation (the row stays after it is removed), or one still
 * waits for its address. Such an account is never given a workspace of its own: it would show up
 * among Hookline's clients, and a removed teammate would become a client nobody signed up.
 */
export async function isTeammateAccount(db: Db, user: { id: string; email: string }, now = new Date()): Promise<boolean> {
  const member = await db.selectFrom('workspaceMember').select('userId').where('userId', '=', user.id).limit(1).executeTakeFirst();
  if (member) return true;
  const invited = await db
    .selectFrom('invitation')
    .select('id')
    .where('email', '=', user.email.toLowerCase())
    .where('role', 'is not', null)
    .where((eb) => eb.or([eb('acceptedAt', 'is not', null), eb('expiresAt', '>', now.toISOString())]))
    .limit(1)
    .executeTakeFirst();
  return Boolean(invited);
}
