import type { TTimelineEntry } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { writeRequestNote } from './update-request.ts';

/** Where the client reads a request in the dashboard. */
export const clientRequestUrl = (baseUrl: string, id: string) => `${baseUrl}/dashboard/requests?request=${encodeURIComponent(id)}`;

export function renderReplyMail(input: { to: string; subject: string; text: string; url: string | null }): MailMessage {
  // A request of no client (someone who wrote in without a workspace) has no page to link to.
  const follow = input.url ? `See the whole request in your dashboard:\n${input.url}\n\n` : '';
  return {
    to: input.to,
    subject: `Reply to your request: ${input.subject}`,
    text: `Hi,\n\nThe Hookline team replied to your request "${input.subject}":\n\n${input.text}\n\n${follow}Questions? Just reply to this mail.\n`,
  };
}

/**
 * A reply on the request's timeline that the client sees, and the mail that tells the requester;
 * the mail is for the caller to send once the reply is committed.
 */
export async function replyToRequest(
  db: Db,
  input: { id: string; text: string; who: string; baseUrl: string },
): Promise<{ entry: TTimelineEntry; mail: MailMessage }> {
  return db.transaction().execute(async (trx) => {
    const { entry, request } = await writeRequestNote(trx, { id: input.id, text: input.text, who: input.who, forClient: true });
    const url = request.clientId ? clientRequestUrl(input.baseUrl, request.id) : null;
    return { entry, mail: renderReplyMail({ to: request.requester, subject: request.subject, text: input.text, url }) };
  });
}
