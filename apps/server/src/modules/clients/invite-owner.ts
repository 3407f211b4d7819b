import crypto from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import { newId } from '../../lib/ids.ts';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function renderInvitationMail(input: { to: string; clientName: string; url: string }): MailMessage {
  return {
    to: input.to,
    subject: `You're invited to ${input.clientName} on Hookline`,
    text: `Hi,\n\nThe Hookline team set up the workspace "${input.clientName}" for you.\nChoose a password within 7 days to sign in:\n\n${input.url}\n\nQuestions? Just reply to this mail.\n`,
  };
}

/**
 * Mails the new owner a link to set their password. The token is a password-reset token as Better
 * Auth stores it, so its own /reset-password endpoint completes the invitation (and creates the
 * password account); only the lifetime is longer than a reset's hour.
 * NOTE: relies on Better Auth 1.7's "reset-password:{token}" verification identifier (pinned, ADR 008);
 * the invitation test fails loudly if an upgrade changes it.
 */
export async function inviteOwner(
  deps: { db: Db; mailer: Mailer; config: AppConfig },
  input: { userId: string; email: string; clientName: string },
): Promise<void> {
  const token = crypto.randomBytes(24).toString('base64url');
  const now = new Date();
  await deps.db
    .insertInto('verification')
    .values({
      id: newId(),
      identifier: `reset-password:${token}`,
      value: input.userId,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .execute();
  const url = `${deps.config.baseUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('/reset-password')}`;
  await deps.mailer.send(renderInvitationMail({ to: input.email, clientName: input.clientName, url }));
}
