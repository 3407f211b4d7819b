import crypto from 'node:crypto';
import type { TDraft, TPostMetrics } from '@hookline/shared';
import { checkDraft } from '../networks/check-draft.ts';
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { DraftTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { UNPUBLISHED_STATUSES } from './review-state.ts';

const mediaVersion = (key: string) => crypto.createHash('sha256').update(key).digest('base64url').slice(0, 12);

export type DraftRow = Selectable<DraftTable>;

export function toDraft(row: DraftRow): TDraft {
  return {
    id: row.id,
    channel: row.channel as TDraft['channel'],
    type: row.type as TDraft['type'],
    text: row.text,
    status: row.status as TDraft['status'],
    scheduledAt: row.scheduledAt,
    publishedAt: row.publishedAt,
    // Served through the workspace check of GET /api/drafts/{id}/media, never as a public file; the
    // version changes with the file, so a replaced picture is not taken from the browser's cache.
    media: row.mediaKey
      ? {
          url: `/api/drafts/${row.id}/media?v=${mediaVersion(row.mediaKey)}`,
          type: row.mediaType ?? 'application/octet-stream',
          name: row.mediaName ?? 'media',
          altText: row.mediaAlt,
        }
      : null,
    connectionId: row.connectionId,
    // Only a draft that can still be edited and queued has problems to solve: checking every
    // published post of a list or calendar again was most of what answering them cost.
    problems: UNPUBLISHED_STATUSES.includes(row.status) ? checkDraft(row) : [],
    reviewState: row.reviewState as TDraft['reviewState'],
    requestId: row.requestId,
    failureReason: row.failureReason,
    lateSeconds: row.lateSeconds,
    publishedTo: row.publishedTo,
    postUrl: row.postUrl,
    platformError: row.platformError,
    metrics: row.metrics
      ? { ...(JSON.parse(row.metrics) as Omit<TPostMetrics, 'fetchedAt'>), fetchedAt: row.metricsAt ?? row.updatedAt }
      : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The updatedAt a change gives a draft: now, or a millisecond past the last one when the clock has
 * not moved on. It is the draft's version, which a reviewer's decision names: two changes within
 * one millisecond must not share one.
 */
export function nextUpdatedAt(previous: string): string {
  return new Date(Math.max(Date.now(), Date.parse(previous) + 1)).toISOString();
}

/** A draft of this workspace; another workspace's draft is "not found", not "forbidden". */
export async function getDraftRow(db: Db, workspaceId: string, id: string): Promise<DraftRow> {
  const row = await db.selectFrom('draft').selectAll().where('id', '=', id).where('workspaceId', '=', workspaceId).executeTakeFirst();
  if (!row) throw new HttpError(404, 'Draft not found');
  return row;
}
