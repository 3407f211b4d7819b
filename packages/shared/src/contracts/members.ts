import { z } from 'zod';

/** A client owner's teammates: an editor drafts and comments; an approver also approves. */
export const MEMBER_ROLES = ['editor', 'approver'] as const;
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
  invitedBy: z.string(),
  expiresAt: z.string(),
});
export type TMemberInvitation = z.infer<typeof ZMemberInvitation>;

/** GET /api/workspace/members: the owner first, then teammates, and invitations not yet accepted. */
export const ZListMembersResponse = z.object({ members: z.array(ZWorkspaceMember), invitations: z.array(ZMemberInvitation) });
export type TListMembersResponse = z.infer<typeof ZListMembersResponse>;

/** POST /api/workspace/members/invitations (owner and staff): mails an invitation link. */
export const ZInviteMemberRequest = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('email must be an email address')),
  role: ZMemberRole,
});
export type TInviteMemberRequest = z.infer<typeof ZInviteMemberRequest>;

/** PATCH /api/workspace/members/{userId} (owner and staff). */
export const ZUpdateMemberRequest = z.object({ role: ZMemberRole });
export const ZMemberParams = z.object({ userId: z.string().max(64) });
