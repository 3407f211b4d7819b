import type { TWorkspaceDraftsByState } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { REQUEST_DRAFT_COLUMNS, toRequestDraft } from '../requests/request-drafts.ts';
import { SCHEDULED_STATUSES, UNPUBLISHED_STATUSES } from '../drafts/review-state.ts';
import { getWorkspaceSummary } from './workspace-summary.ts';

/** More than a page of any group is not read at a glance; the groups' counts stop here too. */
const GROUP_LIMIT = 200;

/**
 * The client's unpublished drafts by where they stand, each draft in one group: waiting for a
 * review answer (in review, changes requested) whether queued or not, since review comes before
 * publishing; approved and not yet queued; scheduled (queued, or failed or held at their time), soonest first.
 */
export async function listWorkspaceDraftsByState(db: Db, workspaceId: string): Promise<TWorkspaceDraftsByState> {
  await getWorkspaceSummary(db, workspaceId);
  const base = db.selectFrom('draft').select(REQUEST_DRAFT_COLUMNS).where('workspaceId', '=', workspaceId);
  const inReviewState = (state: 'in_review' | 'changes_requested') =>
    base
      .where('reviewState', '=', state)
      .where('status', 'in', UNPUBLISHED_STATUSES)
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(GROUP_LIMIT)
      .execute();
  const [inReview, changesRequested, approved, scheduled] = await Promise.all([
    inReviewState('in_review'),
    inReviewState('changes_requested'),
    base
      .where('reviewState', '=', 'approved')
      .where('status', '=', 'draft')
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(GROUP_LIMIT)
      .execute(),
    base
      .where('status', 'in', SCHEDULED_STATUSES)
      .where((eb) => eb.or([eb('reviewState', 'is', null), eb('reviewState', 'not in', ['in_review', 'changes_requested'])]))
      .orderBy('scheduledAt')
      .orderBy('id')
      .limit(GROUP_LIMIT)
      .execute(),
  ]);
  return {
    inReview: inReview.map(toRequestDraft),
    changesRequested: changesRequested.map(toRequestDraft),
    approved: approved.map(toRequestDraft),
    scheduled: scheduled.map(toRequestDraft),
  };
}
