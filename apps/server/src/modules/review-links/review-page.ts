import type { TReviewDraft, TReviewPage } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { listDraftComments } from '../drafts/draft-comments.ts';
import { toDraft } from '../drafts/draft-row.ts';
import { decideDraftReview, type ReviewDecision } from '../drafts/review-draft.ts';
import type { DraftActor } from '../drafts/review-state.ts';
import { openReviewLink } from './review-link-store.ts';
import { signReviewMediaUrl } from './review-media-url.ts';

/**
 * The link's drafts as the review page shows them, in the link's order: drafts deleted since are
 * left out, comments come without the internal ones, and media through a short-lived URL signed
 * for the file each holds now (the reviewer has no session for the dashboard's media route).
 */
async function readReviewDrafts(db: Db, secret: string, workspaceId: string, draftIds: string[]): Promise<TReviewDraft[]> {
  if (draftIds.length === 0) return [];
  const rows = await db.selectFrom('draft').selectAll().where('workspaceId', '=', workspaceId).where('id', 'in', draftIds).execute();
  const threads = await listDraftComments(db, draftIds, false);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return draftIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const draft = toDraft(row);
    return [
      {
        id: draft.id,
        channel: draft.channel,
        type: draft.type,
        text: draft.text,
        reviewState: draft.reviewState,
        media:
          draft.media && row.mediaKey
            ? { ...draft.media, url: signReviewMediaUrl(secret, { draftId: row.id, mediaKey: row.mediaKey }) }
            : null,
        comments: threads.get(draft.id) ?? [],
        updatedAt: draft.updatedAt,
      },
    ];
  });
}

/** What a review link's page shows: the workspace, who the link was sent to, until when, and its drafts. */
export async function lookUpReviewPage(db: Db, secret: string, token: string): Promise<TReviewPage> {
  const { link, workspace } = await openReviewLink(db, token);
  return {
    workspaceName: workspace.name,
    email: link.email,
    expiresAt: link.expiresAt,
    drafts: await readReviewDrafts(db, secret, workspace.id, link.draftIds),
  };
}

/**
 * The reviewer's decision on one of the link's drafts: the same moves, comment and webhook events
 * as a signed-in approver's, the comment under the name the reviewer gave, on the version the page
 * showed them (`seen`) only. A draft the link does not name is not found. Answers with what the
 * review mails need and the draft as the page shows it.
 */
export async function decideByReviewLink(
  db: Db,
  secret: string,
  input: { token: string; draftId: string; decision: ReviewDecision; name: string; comment?: string; seen: string },
) {
  return db.transaction().execute(async (trx) => {
    const { link, workspace } = await openReviewLink(trx, input.token);
    if (!link.draftIds.includes(input.draftId)) throw new HttpError(404, 'Draft not found');
    const by: DraftActor = { name: input.name, email: link.email, kind: 'reviewer' };
    const { draft } = await decideDraftReview(trx, workspace, {
      draftId: input.draftId,
      decision: input.decision,
      by,
      comment: input.comment,
      seen: input.seen,
    });
    const [page] = await readReviewDrafts(trx, secret, workspace.id, [draft.id]);
    return { workspace, draft, by, page };
  });
}
