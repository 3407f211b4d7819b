import crypto from 'node:crypto';
import type { TMemberRole } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Tokens carry 256 random bits, so a plain SHA-256 is enough to keep a stolen table from being usable. */
export function hashInvitationToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Records an invitation of `email` to a workspace and returns the token to mail (only its hash is
 * stored). `role` null invites the owner (staff made the workspace); 'editor' or 'approver' a
 * teammate. An invitation to the same address for the same workspace still waiting stops working:
 * the newest mail is the one that counts. Invitations to other workspaces stand, so a teammate
 * invited by two owners can join both. Run it in the transaction that makes the workspace, or the
 * teammate's invitation, so neither exists without the other.
 */
export async function createInvitation(
  db: Db,
  input: { workspaceId: string; email: string; invitedBy: string; role?: TMemberRole | null; now?: Date },
): Promise<{ id: string; email: string; token: string; expiresAt: string }> {
  const now = input.now ?? new Date();
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  const email = input.email.toLowerCase();
  const id = newId();
  await db
    .deleteFrom('invitation')
    .where('email', '=', email)
    .where('workspaceId', '=', input.workspaceId)
    .where('acceptedAt', 'is', null)
    .execute();
  await db
    .insertInto('invitation')
    .values({
      id,
      workspaceId: input.workspaceId,
      email,
      tokenHash: hashInvitationToken(token),
      invitedBy: input.invitedBy,
      expiresAt,
      acceptedAt: null,
      createdAt: now.toISOString(),
      role: input.role ?? null,
    })
    .execute();
  return { id, email, token, expiresAt };
}
