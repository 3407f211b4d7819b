import type { AppConfig } from '../../config.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';

/**
 * The page that accepts an invitation. The token rides in the fragment, which browsers never send to
 * a server, so it stays out of request logs and Referer headers; the page posts it in a body.
 */
export function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/invitation#token=${token}`;
}

export function renderInvitationMail(input: { to: string; workspaceName: string; url: string }): MailMessage {
  return {
    to: input.to,
    subject: `You're invited to ${input.workspaceName} on Hookline`,
    text: `Hi,\n\nThe Hookline team set up the workspace "${input.workspaceName}" for you.\nOpen this link within 7 days to choose your password and sign in:\n\n${input.url}\n\nQuestions? Just reply to this mail.\n`,
  };
}

/** Mails the invitation link; called after the invitation is committed, so a failed send leaves it standing. */
export async function sendInvitation(
  deps: { mailer: Mailer; config: AppConfig },
  input: { email: string; workspaceName: string; token: string },
): Promise<void> {
  const url = invitationUrl(deps.config.baseUrl, input.token);
  await deps.mailer.send(renderInvitationMail({ to: input.email, workspaceName: input.workspaceName, url }));
}
