import { z } from 'zod';

/** The token from an invitation link (43 characters as mailed; anything else is simply not found). */
const ZInvitationToken = z
  .string({ error: 'Token is required' })
  .min(1, 'Token is required')
  .max(200, 'Token must be at most 200 characters');

/** POST /api/invitations/lookup body. The token travels in a body, never in a URL that logs keep. */
export const ZLookupInvitationRequest = z.object({ token: ZInvitationToken });
export type TLookupInvitationRequest = z.infer<typeof ZLookupInvitationRequest>;

/** What the invitation page shows before the invited person chooses a password or signs in. */
export const ZInvitation = z.object({
  email: z.string(),
  /** owner: the workspace's own invitation (staff made the workspace); editor or approver: a teammate's. */
  role: z.enum(['owner', 'editor', 'approver']),
  workspaceName: z.string(),
  /** Who sent it: their name, or their email when they have none. */
  invitedBy: z.string(),
  /**
   * The address has an account already: a teammate signs in with it and joins (POST
   * /api/invitations/join) instead of choosing a password. Always false for an owner's invitation,
   * which such an address cannot use (409).
   */
  accountExists: z.boolean(),
  /** ISO 8601 (UTC). */
  expiresAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** POST /api/invitations/accept body: the length rules beyond these are the server's password policy. */
export const ZAcceptInvitationRequest = z.object({
  token: ZInvitationToken,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
  name: z.string().trim().max(120, 'Name must be at most 120 characters').optional().default(''),
});
export type TAcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;

/** The new account is signed in (a session cookie comes with this answer). */
export const ZAcceptInvitationResponse = z.object({ email: z.string(), workspaceId: z.string() });
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;

/**
 * POST /api/invitations/join body: a teammate's invitation, accepted by the signed-in account whose
 * address it was mailed to. The answer is the workspace joined (ZAcceptInvitationResponse, no cookie).
 */
export const ZJoinInvitationRequest = z.object({ token: ZInvitationToken });
export type TJoinInvitationRequest = z.infer<typeof ZJoinInvitationRequest>;
