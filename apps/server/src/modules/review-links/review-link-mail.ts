import type { AppConfig } from '../../config.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';

/**
 * The review page. The token rides in the fragment, which browsers never send to a server, so it
 * stays out of request logs and Referer headers; the page posts it in a body.
 */
export function reviewLinkUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/review#token=${token}`;
}

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

export function renderReviewLinkMail(input: {
  to: string;
  workspaceName: string;
  draftCount: number;
  expiresAt: string;
  url: string;
}): MailMessage {
  const drafts = input.draftCount === 1 ? 'a draft' : `${input.draftCount} drafts`;
  return {
    to: input.to,
    subject: `Please review ${drafts} for ${input.workspaceName}`,
    text:
      `Hi,\n\nThe Hookline team would like your review of ${drafts} for "${input.workspaceName}".\n` +
      `Open this link to see them, then approve each one or say what should change. No account is needed:\n\n${input.url}\n\n` +
      `The link works until ${expiryFormat.format(new Date(input.expiresAt))} UTC. Please do not forward it: whoever has it can approve these drafts.\n`,
  };
}

/** Mails the link; called after the link is committed, so a failed send leaves it listed (and revocable). */
export async function sendReviewLink(
  deps: { mailer: Mailer; config: Pick<AppConfig, 'baseUrl'> },
  input: { email: string; workspaceName: string; draftCount: number; expiresAt: string; token: string },
): Promise<void> {
  await deps.mailer.send(renderReviewLinkMail({ to: input.email, ...input, url: reviewLinkUrl(deps.config.baseUrl, input.token) }));
}
