import { z } from 'zod';

/** A client owner's teammates: an editor drafts and comments; an approver also approves. */
export const MEMBER_ROLES = ['editor', 'approver'] as const;
/** What each teammate role may do, in the words the invitation mail, the page and the Team card use. */
export const MEMBER_ROLE_DUTIES = {
  editor: 'drafts posts and comments on them',
  approver: 'drafts posts, comments on them and approves what is published',
} as const;
export const ZMemberRole = z.enum(MEMBER_ROLES, { error: 'role must be editor or approver' });
export type TMemberRole = z.infer<typeof ZMemberRole>;

export const ZWorkspaceMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['owner', ...MEMBER_ROLES]),
  joinedAt: z.string(),
});
export type TWorkspaceMember = z.infer<typeof ZWorkspaceMember>;

export const ZMemberInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZMemberRole,
  /** The email of whoever sent it (the owner, or a staff member on the owner's behalf). */
  invitedBy: z.string(),
  /** ISO 8601 (UTC); an invitation past it can no longer be accepted (invite the address again). */
  expiresAt: z.string(),
});
export type TMemberInvitation = z.infer<typeof ZMemberInvitation>;

/** GET /api/workspace/members: the owner first, then teammates, and invitations not yet accepted. */
export const ZListMembersResponse = z.object({ members: z.array(ZWorkspaceMember), invitations: z.array(ZMemberInvitation) });
export type TListMembersResponse = z.infer<typeof ZListMembersResponse>;

/** POST /api/workspace/members/invitations (owner and staff): mails an invitation link; answers the invitation (201). */
export const ZInviteMemberRequest = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('email must be an email address')),
  role: ZMemberRole,
});
export type TInviteMemberRequest = z.infer<typeof ZInviteMemberRequest>;

/** PATCH /api/workspace/members/{userId} (owner and staff): answers the member as changed. */
export const ZUpdateMemberRequest = z.object({ role: ZMemberRole });
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;
/** PATCH and DELETE /api/workspace/members/{userId}: a teammate; DELETE is also a teammate leaving. */
export const ZMemberParams = z.object({ userId: z.string().min(1).max(64) });
/** DELETE /api/workspace/members/invitations/{id} (owner and staff): cancels an invitation not yet accepted. */
export const ZMemberInvitationParams = z.object({ id: z.string().min(1).max(64) });
