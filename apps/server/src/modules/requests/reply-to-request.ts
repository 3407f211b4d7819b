import type { TRequest, TTimelineEntry } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { writeRequestNote } from './update-request.ts';

/** Where the client reads a request in the dashboard. */
export const clientRequestUrl = (baseUrl: string, id: string) => `${baseUrl}/dashboard/requests?request=${encodeURIComponent(id)}`;

export function renderReplyMail(input: {
  to: string;
  subject: string;
  text: string;
  url: string | null;
  /** Who opened the request, when the mail goes to someone else (the owner, once the requester left the team). */
  openedBy?: string;
}): MailMessage {
  // A request of no client (someone who wrote in without a workspace) has no page to link to.
  const follow = input.url ? `See the whole request in your dashboard:\n${input.url}\n\n` : '';
  const opener = input.openedBy ? `This request was opened by ${input.openedBy}.\n\n` : '';
  return {
    to: input.to,
    subject: `Reply to your request: ${input.subject}`,
    text: `Hi,\n\nThe Hookline team replied to your request "${input.subject}":\n\n${input.text}\n\n${opener}${follow}Questions? Just reply to this mail.\n`,
  };
}

/**
 * Who hears of a reply: the requester while they still have the workspace (its owner, or a current
 * teammate); once they left it, or never had it (staff opened it there), its owner, told who opened
 * it, so the reply reaches the client and not someone the workspace is closed to. A request of no
 * workspace goes to its requester, the only address it has.
 */
async function replyRecipient(db: Db, request: Pick<TRequest, 'clientId' | 'requester'>): Promise<{ to: string; openedBy?: string }> {
  if (!request.clientId) return { to: request.requester };
  const requester = request.requester.toLowerCase();
  const workspace = await db
    .selectFrom('workspace')
    .select((eb) => [
      'workspace.ownerEmail',
      eb
        .exists(
          eb
            .selectFrom('workspaceMember')
            .innerJoin('user', 'user.id', 'workspaceMember.userId')
            .select('workspaceMember.userId')
            .whereRef('workspaceMember.workspaceId', '=', 'workspace.id')
            .where('user.email', '=', requester),
        )
        .as('requesterIsMember'),
    ])
    .where('workspace.id', '=', request.clientId)
    .executeTakeFirstOrThrow();
  if (workspace.ownerEmail === requester || Boolean(workspace.requesterIsMember)) return { to: request.requester };
  return { to: workspace.ownerEmail, openedBy: request.requester };
}

/**
 * A reply on the request's timeline that the client sees, and the mail that tells the client; the
 * mail is for the caller to send once the reply is committed.
 */
export async function replyToRequest(
  db: Db,
  input: { id: string; text: string; who: string; baseUrl: string },
): Promise<{ entry: TTimelineEntry; mail: MailMessage }> {
  return db.transaction().execute(async (trx) => {
    const { entry, request } = await writeRequestNote(trx, { id: input.id, text: input.text, who: input.who, forClient: true });
    const url = request.clientId ? clientRequestUrl(input.baseUrl, request.id) : null;
    const recipient = await replyRecipient(trx, request);
    return { entry, mail: renderReplyMail({ ...recipient, subject: request.subject, text: input.text, url }) };
  });
}
