import type { TInvitation } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashInvitationToken } from './create-invitation.ts';
import { inviterLabel } from './send-invitation.ts';

export interface UsableInvitation extends TInvitation {
  id: string;
  workspaceId: string;
}

export const INVITATION_NOT_VALID = 'This invitation link is not valid. If you got a newer invitation mail, use the link in that one.';

/** The answer to a link used already: an owner chose a password with it; a teammate may have joined with an account. */
export function invitationUsedMessage(invitation: { teammate: boolean; email: string; workspaceName: string }): string {
  return invitation.teammate
    ? `This invitation has already been used. Sign in as ${invitation.email} to open ${invitation.workspaceName}.`
    : 'This invitation has already been used. Sign in with the password you chose.';
}

/**
 * Marks an invitation used, once: of two submissions of one link only the first goes on, the other
 * gets 410 with what to do instead. Run it in the transaction of what the invitation makes.
 */
export async function claimInvitation(db: Db, invitation: UsableInvitation): Promise<void> {
  const claimed = await db
    .updateTable('invitation')
    .set({ acceptedAt: new Date().toISOString() })
    .where('id', '=', invitation.id)
    .where('acceptedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) throw new HttpError(410, invitationUsedMessage({ ...invitation, teammate: invitation.role !== 'owner' }));
}

/**
 * The invitation a link's token opens, while it can still be accepted: 404 for a token never issued
 * or replaced by a newer invitation, 410 once used or expired, each with what to do next. An owner's
 * invitation also answers 409 when the address has an account by now (made with Google or Apple,
 * say): that account joins the workspace by proving the address. A teammate's invitation to an
 * address with an account is joined by signing in with it (accountExists).
 */
export async function findUsableInvitation(db: Db, token: string, now = new Date()): Promise<UsableInvitation> {
  const row = await db
    .selectFrom('invitation')
    .innerJoin('workspace', 'workspace.id', 'invitation.workspaceId')
    .leftJoin('user as inviter', 'inviter.email', 'invitation.invitedBy')
    .select([
      'invitation.id',
      'invitation.workspaceId',
      'invitation.email',
      'invitation.expiresAt',
      'invitation.acceptedAt',
      'invitation.role',
      'invitation.invitedBy',
      'inviter.name as inviterName',
      'inviter.emailVerified as inviterVerified',
      'workspace.name as workspaceName',
    ])
    .where('invitation.tokenHash', '=', hashInvitationToken(token))
    .executeTakeFirst();
  if (!row) throw new HttpError(404, INVITATION_NOT_VALID);
  const teammate = row.role !== null;
  if (row.acceptedAt) throw new HttpError(410, invitationUsedMessage({ ...row, teammate }));
  if (row.expiresAt <= now.toISOString()) {
    throw new HttpError(
      410,
      teammate
        ? `This invitation has expired. Ask the owner of ${row.workspaceName} to invite you again.`
        : 'This invitation has expired. Ask the Hookline team to send you a new one.',
    );
  }
  const account = await db.selectFrom('user').select('id').where('email', '=', row.email).executeTakeFirst();
  if (account && !teammate) throw new HttpError(409, `An account for ${row.email} already exists. Sign in with it instead.`);
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    email: row.email,
    role: (row.role ?? 'owner') as UsableInvitation['role'],
    workspaceName: row.workspaceName,
    invitedBy: inviterLabel({ name: row.inviterName, email: row.invitedBy, emailVerified: row.inviterVerified }),
    accountExists: Boolean(account),
    expiresAt: row.expiresAt,
  };
}

/**
 * Whether an owner's invitation to this address still waits to be accepted: staff made a workspace
 * for the address, so only the invitation itself may then make its account. A teammate's invitation
 * keeps nothing: anyone may invite any address, and must not stop its owner signing up on their own.
 */
export async function hasWaitingInvitation(db: Db, email: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('invitation')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .where('role', 'is', null)
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return Boolean(row);
}
