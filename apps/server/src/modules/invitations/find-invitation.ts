import type { TInvitation } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashInvitationToken } from './create-invitation.ts';

export interface UsableInvitation extends TInvitation {
  id: string;
  workspaceId: string;
}

/**
 * The invitation a link's token opens, while it can still be accepted: 404 for a token never issued
 * or replaced by a newer invitation, 410 once used or expired, 409 when the address has an account
 * by now (made with Google or Apple, say), each with what to do next.
 */
export async function findUsableInvitation(db: Db, token: string, now = new Date()): Promise<UsableInvitation> {
  const row = await db
    .selectFrom('invitation')
    .innerJoin('workspace', 'workspace.id', 'invitation.workspaceId')
    .select([
      'invitation.id',
      'invitation.workspaceId',
      'invitation.email',
      'invitation.expiresAt',
      'invitation.acceptedAt',
      'invitation.role',
      'workspace.name as workspaceName',
    ])
    .where('invitation.tokenHash', '=', hashInvitationToken(token))
    .executeTakeFirst();
  if (!row) {
    throw new HttpError(404, 'This invitation link is not valid. If you got a newer invitation mail, use the link in that one.');
  }
  if (row.acceptedAt) throw new HttpError(410, 'This invitation has already been used. Sign in with the password you chose.');
  if (row.expiresAt <= now.toISOString())
    throw new HttpError(410, 'This invitation has expired. Ask the Hookline team to send you a new one.');
  const account = await db.selectFrom('user').select('id').where('email', '=', row.email).executeTakeFirst();
  if (account) throw new HttpError(409, `An account for ${row.email} already exists. Sign in with it instead.`);
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    email: row.email,
    role: (row.role ?? 'owner') as UsableInvitation['role'],
    workspaceName: row.workspaceName,
    expiresAt: row.expiresAt,
  };
}

/** Whether an invitation to this address still waits to be accepted (only the invitation itself may then make its account). */
export async function hasWaitingInvitation(db: Db, email: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('invitation')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return Boolean(row);
}
