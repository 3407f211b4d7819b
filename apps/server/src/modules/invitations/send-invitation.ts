import { MEMBER_ROLE_DUTIES, type TMemberRole } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';

/**
 * The page that accepts an invitation. The token rides in the fragment, which browsers never send to
 * a server, so it stays out of request logs and Referer headers; the page posts it in a body.
 */
export function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/invitation#token=${token}`;
}

/** Who invites a teammate, and as what; absent for the owner's own invitation, which the Hookline team sends. */
export interface TeammateInvitation {
  /** As inviterLabel words it. */
  inviter: string;
  role: TMemberRole;
}

/**
 * How an invitation names who sent it: their name once their address is proven, else their email.
 * Anyone can sign up with any name, and an invitation goes to any address: an unproven account's
 * name is not put in front of strangers (a name can carry an advert), its address is.
 */
export function inviterLabel(inviter: { name: string | null; email: string; emailVerified: boolean | number | null }): string {
  const name = inviter.name?.trim();
  return inviter.emailVerified && name ? name : inviter.email;
}

export function renderInvitationMail(input: {
  to: string;
  workspaceName: string;
  url: string;
  teammate?: TeammateInvitation;
}): MailMessage {
  const { teammate } = input;
  if (!teammate) {
    return {
      to: input.to,
      subject: `You're invited to ${input.workspaceName} on Hookline`,
      text: `Hi,\n\nThe Hookline team set up the workspace "${input.workspaceName}" for you.\nOpen this link within 7 days to choose your password and sign in:\n\n${input.url}\n\nQuestions? Just reply to this mail.\n`,
    };
  }
  return {
    to: input.to,
    subject: `${teammate.inviter} invited you to ${input.workspaceName} on Hookline`,
    text:
      `Hi,\n\n${teammate.inviter} invited you to join the workspace "${input.workspaceName}" on Hookline as an ${teammate.role} ` +
      `(an ${teammate.role} ${MEMBER_ROLE_DUTIES[teammate.role]}).\n` +
      `Open this link within 7 days to accept (with your Hookline account, if you have one for this address):\n\n${input.url}\n\n` +
      `Not expecting this? You can ignore this mail.\n`,
  };
}

/** Mails the invitation link; called after the invitation is committed, so a failed send leaves it standing. */
export async function sendInvitation(
  deps: { mailer: Mailer; config: AppConfig },
  input: { email: string; workspaceName: string; token: string; teammate?: TeammateInvitation },
): Promise<void> {
  const url = invitationUrl(deps.config.baseUrl, input.token);
  await deps.mailer.send(renderInvitationMail({ to: input.email, workspaceName: input.workspaceName, url, teammate: input.teammate }));
}
