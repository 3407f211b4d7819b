import type { TListMembersResponse, TMemberRole, TWorkspaceMember } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

/** A workspace's teammates with their accounts, for listing or for finding one. */
function selectTeammates(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspaceMember')
    .innerJoin('user', 'user.id', 'workspaceMember.userId')
    .select(['user.id', 'user.email', 'user.name', 'workspaceMember.role', 'workspaceMember.createdAt'])
    .where('workspaceMember.workspaceId', '=', workspaceId);
}

function asMember(row: { id: string; email: string; name: string; role: string; createdAt: string }): TWorkspaceMember {
  return { userId: row.id, email: row.email, name: row.name, role: row.role as TWorkspaceMember['role'], joinedAt: row.createdAt };
}

/**
 * A workspace's people: its owner first (once an account owns it), then its teammates in the order
 * they joined, and the teammates' invitations not yet accepted (expired ones too, so the owner sees
 * why someone never arrived and can invite them again).
 */
export async function listMembers(db: Db, workspaceId: string): Promise<TListMembersResponse> {
  const owner = await db
    .selectFrom('workspace')
    .innerJoin('user', 'user.id', 'workspace.ownerUserId')
    .select(['user.id', 'user.email', 'user.name', 'workspace.createdAt'])
    .where('workspace.id', '=', workspaceId)
    .executeTakeFirst();
  const teammates = await selectTeammates(db, workspaceId).orderBy('workspaceMember.createdAt').orderBy('user.email').execute();
  const invitations = await db
    .selectFrom('invitation')
    .select(['id', 'email', 'role', 'invitedBy', 'expiresAt'])
    .where('workspaceId', '=', workspaceId)
    .where('role', 'is not', null)
    .where('acceptedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return {
    members: [...(owner ? [asMember({ ...owner, role: 'owner' })] : []), ...teammates.map(asMember)],
    invitations: invitations.map((row) => ({ ...row, role: row.role as TMemberRole })),
  };
}

/**
 * One teammate as the member list shows them: 404 for an account that is not one of them, and 400
 * for the owner, who is no teammate (their place is the workspace's: it changes with ownership).
 */
export async function getMember(db: Db, workspaceId: string, userId: string): Promise<TWorkspaceMember> {
  const row = await selectTeammates(db, workspaceId).where('workspaceMember.userId', '=', userId).executeTakeFirst();
  if (row) return asMember(row);
  const workspace = await db.selectFrom('workspace').select('ownerUserId').where('id', '=', workspaceId).executeTakeFirst();
  if (workspace?.ownerUserId === userId) {
    throw new HttpError(400, "The workspace owner is not a teammate: the owner's role cannot be changed, nor the owner removed.");
  }
  throw new HttpError(404, 'Member not found');
}
