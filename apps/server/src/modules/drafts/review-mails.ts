import type { FastifyBaseLogger } from 'fastify';
import type { TDraft } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import { firstWords } from '../workspaces/record-staff-action.ts';
import type { ReviewDecision } from './review-draft.ts';
import type { DraftActor } from './review-state.ts';

export interface ReviewMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'baseUrl'>;
  log: FastifyBaseLogger;
}
/** The workspace a review mail is about. */
export interface ReviewMailWorkspace {
  id: string;
  name: string;
  /** The owner's email. */
  owner: string;
}

/** The content page in the workspace the mail is about (staff and teammates open it by the link's parameter). */
const contentUrl = (baseUrl: string, workspaceId: string) => `${baseUrl}/dashboard/content?workspace=${encodeURIComponent(workspaceId)}`;
const quoted = (draft: Pick<TDraft, 'text'>) => (draft.text.trim() ? `"${firstWords(draft.text)}"` : '(a draft without text yet)');
const byLine = (by: DraftActor) => (by.kind === 'reviewer' ? `${by.name} (through a review link)` : by.name);

/**
 * Sent after the change committed, one mail per address: a mail that fails is logged and the
 * others still go, and the change stands.
 */
async function sendEach(deps: ReviewMailDeps, messages: MailMessage[]): Promise<void> {
  await Promise.all(
    messages.map((message) =>
      deps.mailer.send(message).catch((error) => deps.log.error({ err: error, subject: message.subject }, 'review mail failed')),
    ),
  );
}

/** Who approves in a workspace: its owner and its approver teammates, by address. */
async function listApproverEmails(db: Db, workspace: ReviewMailWorkspace): Promise<string[]> {
  const approvers = await db
    .selectFrom('workspaceMember')
    .innerJoin('user', 'user.id', 'workspaceMember.userId')
    .select('user.email')
    .where('workspaceMember.workspaceId', '=', workspace.id)
    .where('workspaceMember.role', '=', 'approver')
    .execute();
  return [...new Set([workspace.owner, ...approvers.map((row) => row.email)].map((email) => email.toLowerCase()))];
}

/** "Drafts ready for review", to the workspace's approvers except whoever sent them. */
export async function mailReviewRequested(
  deps: ReviewMailDeps,
  input: { workspace: ReviewMailWorkspace; drafts: Pick<TDraft, 'text'>[]; by: DraftActor },
): Promise<void> {
  const { workspace, drafts, by } = input;
  if (drafts.length === 0) return;
  const sender = by.email?.toLowerCase();
  const recipients = (await listApproverEmails(deps.db, workspace)).filter((email) => email !== sender);
  const count = drafts.length === 1 ? 'a draft' : `${drafts.length} drafts`;
  const text =
    `Hi,\n\n${byLine(by)} sent ${count} in "${workspace.name}" for review:\n\n` +
    drafts.map((draft) => `- ${quoted(draft)}`).join('\n') +
    `\n\nApprove or request changes here:\n${contentUrl(deps.config.baseUrl, workspace.id)}\n`;
  await sendEach(
    deps,
    recipients.map((to) => ({ to, subject: `Drafts ready for review: ${workspace.name}`, text })),
  );
}

/** A reviewer's decision, to the managers assigned to the workspace. */
export async function mailReviewDecision(
  deps: ReviewMailDeps,
  input: { workspace: ReviewMailWorkspace; draft: Pick<TDraft, 'text'>; decision: ReviewDecision; by: DraftActor; comment?: string },
): Promise<void> {
  const { workspace, draft, by } = input;
  const managers = await deps.db.selectFrom('workspaceManager').select('email').where('workspaceId', '=', workspace.id).execute();
  const approved = input.decision === 'approve';
  const subject = approved ? `Draft approved: ${workspace.name}` : `Changes requested: ${workspace.name}`;
  const text =
    `Hi,\n\n${byLine(by)} ${approved ? 'approved' : 'requested changes to'} a draft in "${workspace.name}":\n\n${quoted(draft)}\n` +
    (input.comment ? `\n${approved ? 'Their comment' : 'What should change'}:\n${input.comment}\n` : '') +
    `\nOpen it here:\n${contentUrl(deps.config.baseUrl, workspace.id)}\n`;
  await sendEach(
    deps,
    managers.map(({ email }) => ({ to: email, subject, text })),
  );
}
