import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { TDraft, TReviewLink, TWorkspace } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { ReviewLinkTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { sendDraftForReview } from '../drafts/review-draft.ts';
import { UNPUBLISHED_STATUSES, type DraftActor } from '../drafts/review-state.ts';
// The same scheme as invitation tokens: 256 random bits, stored as a plain SHA-256.
import { hashInvitationToken as hashToken } from '../invitations/create-invitation.ts';
import { isStaffAddress } from '../users/is-staff-address.ts';
import { readWorkspace } from '../workspaces/workspace-of-user.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REVIEW_LINK_NOT_FOUND = 'Review link not found';

type ReviewLinkRow = Selectable<ReviewLinkTable>;

export function toReviewLink(row: ReviewLinkRow, now = new Date()): TReviewLink {
  return {
    id: row.id,
    email: row.email,
    draftIds: JSON.parse(row.draftIds) as string[],
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    status: row.revokedAt ? 'revoked' : Date.parse(row.expiresAt) <= now.getTime() ? 'expired' : 'active',
  };
}

/**
 * Refuses (409) a review link to a Hookline address: the sender's own, a staff account's, or one
 * FOUNDER_EMAIL names (a founder before signing up). Whoever holds a link approves as the client,
 * and staff approving their own work would make the approval meaningless.
 */
export async function refuseStaffReviewer(db: Db, input: { email: string; sender: string; founders: readonly string[] }): Promise<void> {
  const email = input.email.toLowerCase();
  if (email !== input.sender.toLowerCase() && !(await isStaffAddress(db, email, input.founders))) return;
  throw new HttpError(
    409,
    `${email} is a Hookline team address. Review links are for the client's reviewers: send it to someone outside the Hookline team.`,
  );
}

/**
 * Records a review link for some drafts of the workspace and returns the token to mail (only its
 * hash is stored). Every draft must be the workspace's and not published; those not yet in review
 * (never sent, or sent back with changes) are sent for review with it, so the reviewer can decide
 * on each. An approved draft stays approved: the reviewer may still ask for changes.
 * Run it in a transaction: the drafts' moves and webhook events go with the link.
 */
export async function createReviewLink(
  db: Db,
  input: {
    workspace: Pick<TWorkspace, 'id' | 'requireApproval'>;
    draftIds: string[];
    email: string;
    expiresInDays: number;
    by: DraftActor & { email: string };
  },
): Promise<{ link: TReviewLink; token: string; sentForReview: TDraft[] }> {
  const draftIds = [...new Set(input.draftIds)];
  const rows = await db.selectFrom('draft').selectAll().where('workspaceId', '=', input.workspace.id).where('id', 'in', draftIds).execute();
  if (rows.length < draftIds.length) throw new HttpError(404, 'Draft not found');
  if (rows.some((row) => !UNPUBLISHED_STATUSES.includes(row.status))) {
    throw new HttpError(409, 'A published draft cannot be reviewed. Choose drafts that are not published yet.');
  }
  const sentForReview: TDraft[] = [];
  for (const row of rows) {
    if (row.reviewState === null || row.reviewState === 'changes_requested') {
      sentForReview.push(await sendDraftForReview(db, input.workspace, row.id, input.by));
    }
  }
  const now = new Date();
  const token = crypto.randomBytes(32).toString('base64url');
  const row: ReviewLinkRow = {
    id: newId(),
    workspaceId: input.workspace.id,
    tokenHash: hashToken(token),
    email: input.email.toLowerCase(),
    draftIds: JSON.stringify(draftIds),
    createdBy: input.by.email,
    expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
    revokedAt: null,
    createdAt: now.toISOString(),
  };
  await db.insertInto('reviewLink').values(row).execute();
  return { link: toReviewLink(row, now), token, sentForReview };
}

/** The workspace's review links, newest first. */
export async function listReviewLinks(db: Db, workspaceId: string): Promise<TReviewLink[]> {
  const rows = await db
    .selectFrom('reviewLink')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const now = new Date();
  return rows.map((row) => toReviewLink(row, now));
}

/** Stops a link at once (revoking twice keeps the first time); another workspace's link is not found. */
export async function revokeReviewLink(db: Db, workspaceId: string, id: string): Promise<TReviewLink> {
  await db
    .updateTable('reviewLink')
    .set({ revokedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .where('revokedAt', 'is', null)
    .execute();
  const row = await db.selectFrom('reviewLink').selectAll().where('id', '=', id).where('workspaceId', '=', workspaceId).executeTakeFirst();
  if (!row) throw new HttpError(404, REVIEW_LINK_NOT_FOUND);
  return toReviewLink(row);
}

/**
 * The link a token opens, with its workspace: unknown tokens 404; revoked or expired links 410,
 * saying what to do. Only the token's hash is looked up.
 */
export async function openReviewLink(db: Db, token: string, now = new Date()): Promise<{ link: TReviewLink; workspace: TWorkspace }> {
  const row = await db.selectFrom('reviewLink').selectAll().where('tokenHash', '=', hashToken(token)).executeTakeFirst();
  if (!row) throw new HttpError(404, 'This review link is not valid. Check that you opened the whole link from the mail.');
  const link = toReviewLink(row, now);
  if (link.status === 'revoked') throw new HttpError(410, 'This review link was withdrawn. Ask the Hookline team for a new one.');
  if (link.status === 'expired') throw new HttpError(410, 'This review link has expired. Ask the Hookline team for a new one.');
  const found = await readWorkspace(db, { id: row.workspaceId });
  // The workspace's deletion cascades to its links; a link without one is as unknown as a wrong token.
  if (!found) throw new HttpError(404, REVIEW_LINK_NOT_FOUND);
  return { link, workspace: found.workspace };
}
