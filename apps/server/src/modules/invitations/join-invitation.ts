import type { TAcceptInvitationResponse } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { addMember } from '../members/add-member.ts';
import { refuseStaffTeammate } from '../members/refuse-staff-teammate.ts';
import { claimInvitation, findUsableInvitation } from './find-invitation.ts';

/**
 * A teammate's invitation accepted by an account that exists already: the signed-in account must be
 * the invited address's (the mailed token and the sign-in together show the same person holds
 * both), and becomes a member in the invited role; a staff account never does. The invitation is
 * marked used in the same transaction, so one link adds one membership.
 */
export async function joinInvitation(
  db: Db,
  user: Pick<SessionUser, 'id' | 'email' | 'role'>,
  token: string,
  founders: readonly string[],
): Promise<TAcceptInvitationResponse> {
  const invitation = await findUsableInvitation(db, token);
  const email = user.email.toLowerCase();
  if (email !== invitation.email) throw new HttpError(403, `This invitation is for ${invitation.email}. Sign in with that address.`);
  // An owner's invitation is accepted by choosing a password; with an account at the address it answered 409 above.
  const { role } = invitation;
  if (role === 'owner') throw new HttpError(409, `An account for ${invitation.email} already exists. Sign in with it instead.`);
  refuseStaffTeammate(email, user.role, founders);
  const owner = await db.selectFrom('workspace').select('ownerUserId').where('id', '=', invitation.workspaceId).executeTakeFirst();
  if (owner?.ownerUserId === user.id) throw new HttpError(409, `You own ${invitation.workspaceName}: it is open to you already.`);
  await db.transaction().execute(async (trx) => {
    await claimInvitation(trx, invitation);
    await addMember(trx, { workspaceId: invitation.workspaceId, userId: user.id, email, role });
  });
  return { email, workspaceId: invitation.workspaceId };
}
