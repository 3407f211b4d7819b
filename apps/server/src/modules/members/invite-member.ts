import type { TInviteMemberRequest, TMemberInvitation, TWorkspace } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createInvitation } from '../invitations/create-invitation.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { findMemberRole } from './find-membership.ts';
import { refuseStaffTeammate } from './refuse-staff-teammate.ts';

/**
 * Invites a teammate to a workspace (the caller is its owner or staff): the invitation and its
 * timeline entry in one transaction, the token returned for the mail sent once it has committed.
 * Refused (409): the owner's own address, a teammate already, and a staff address (staff work in a
 * client's workspace as staff, from the admin console).
 */
export async function inviteMember(
  db: Db,
  input: TInviteMemberRequest & {
    workspace: Pick<TWorkspace, 'id' | 'owner'>;
    who: string;
    /** FOUNDER_EMAIL: founders are staff before they have an account. */
    founders: readonly string[];
  },
): Promise<{ invitation: TMemberInvitation; token: string }> {
  const { workspace, email, role, who, founders } = input;
  if (email === workspace.owner.toLowerCase()) throw new HttpError(409, `${email} owns this workspace.`);
  return db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('user').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
    refuseStaffTeammate(email, account?.role, founders);
    if (account && (await findMemberRole(trx, workspace.id, account.id)))
      throw new HttpError(409, `${email} is already a member of this workspace.`);
    const created = await createInvitation(trx, { workspaceId: workspace.id, email, invitedBy: who, role });
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: workspace.id,
      text: `Teammate invited: ${email} as ${role}`,
      who,
      ts: nowIso(),
    });
    return { invitation: { id: created.id, email, role, invitedBy: who, expiresAt: created.expiresAt }, token: created.token };
  });
}
