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
 * Whether an account came to Hookline as someone's teammate: it is a member somewhere, or accepted a
 * teammate's invitation (the row stays after it is removed; the account made by accepting one
 * exists before its membership does). Such an account is never given a workspace of its own: a
 * removed teammate would become a client nobody signed up. An invitation still waiting counts for
 * nothing: anyone may invite any address, and its owner may sign up on their own meanwhile.
 */
export async function isTeammateAccount(db: Db, user: { id: string; email: string }): Promise<boolean> {
  const member = await db.selectFrom('workspaceMember').select('userId').where('userId', '=', user.id).limit(1).executeTakeFirst();
  if (member) return true;
  const accepted = await db
    .selectFrom('invitation')
    .select('id')
    .where('email', '=', user.email.toLowerCase())
    .where('role', 'is not', null)
    .where('acceptedAt', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return Boolean(accepted);
}
