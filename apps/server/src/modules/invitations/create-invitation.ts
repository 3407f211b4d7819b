import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Tokens carry 256 random bits, so a plain SHA-256 is enough to keep a stolen table from being usable. */
export function hashInvitationToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Records an invitation of `email` to a workspace and returns the token to mail (only its hash is
 * stored). Invitations still waiting for the same address stop working: the newest mail is the one
 * that counts. Run it in the transaction that makes the workspace, so neither exists without the other.
 */
export async function createInvitation(
  db: Db,
  input: { workspaceId: string; email: string; invitedBy: string; now?: Date },
): Promise<{ token: string; expiresAt: string }> {
  const now = input.now ?? new Date();
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  const email = input.email.toLowerCase();
  await db.deleteFrom('invitation').where('email', '=', email).where('acceptedAt', 'is', null).execute();
  await db
    .insertInto('invitation')
    .values({
      id: newId(),
      workspaceId: input.workspaceId,
      email,
      tokenHash: hashInvitationToken(token),
      invitedBy: input.invitedBy,
      expiresAt,
      acceptedAt: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}
