import type { z } from 'zod';
import type { TDraft, TRequestDraft, ZCreateDraftRequest } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { getDraftRow, toDraft, type DraftRow } from '../drafts/draft-row.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { firstWords } from '../workspaces/record-staff-action.ts';

export const REQUEST_DRAFT_COLUMNS = ['id', 'channel', 'type', 'text', 'status', 'reviewState', 'scheduledAt', 'updatedAt'] as const;

/** A draft as lists of drafts show it: where it stands, and its first words instead of its whole text. */
export function toRequestDraft(row: Pick<DraftRow, (typeof REQUEST_DRAFT_COLUMNS)[number]>): TRequestDraft {
  return {
    id: row.id,
    channel: row.channel as TRequestDraft['channel'],
    type: row.type as TRequestDraft['type'],
    excerpt: firstWords(row.text, 120),
    status: row.status as TRequestDraft['status'],
    reviewState: row.reviewState as TRequestDraft['reviewState'],
    scheduledAt: row.scheduledAt,
    updatedAt: row.updatedAt,
  };
}

/** The drafts staff made from the request in its workspace, newest first. */
export async function listRequestDrafts(db: Db, request: { id: string; workspaceId: string | null }): Promise<TRequestDraft[]> {
  if (!request.workspaceId) return [];
  const rows = await db
    .selectFrom('draft')
    .select(REQUEST_DRAFT_COLUMNS)
    .where('requestId', '=', request.id)
    .where('workspaceId', '=', request.workspaceId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRequestDraft);
}

/**
 * A draft in the request's client workspace that answers the request, said on the request (where
 * the client sees it) and on the client's timeline, under the staff member's email.
 */
export async function createDraftFromRequest(
  db: Db,
  input: { requestId: string; draft: z.output<typeof ZCreateDraftRequest>; who: string },
): Promise<TDraft> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('request')
      .select(['id', 'workspaceId', 'subject'])
      .where('id', '=', input.requestId)
      .executeTakeFirst();
    if (!request) throw new HttpError(404, 'Request not found');
    if (!request.workspaceId) {
      throw new HttpError(409, 'This request belongs to no client workspace, so there is no workspace to make the draft in.');
    }
    const now = nowIso();
    const row = {
      id: newId(),
      workspaceId: request.workspaceId,
      channel: input.draft.channel,
      type: input.draft.type,
      text: input.draft.text,
      status: 'draft',
      requestId: request.id,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto('draft').values(row).execute();
    const words = row.text.trim() ? `: ${firstWords(row.text)}` : '';
    const entry = { who: input.who, ts: now };
    await addTimelineEntry(trx, {
      subjectType: 'request',
      subjectId: request.id,
      text: `Draft created${words}`,
      ...entry,
      forClient: true,
    });
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: request.workspaceId,
      text: `Draft created from request "${firstWords(request.subject)}"${words}`,
      ...entry,
    });
    await trx.updateTable('request').set({ updatedAt: now }).where('id', '=', request.id).execute();
    return toDraft(await getDraftRow(trx, request.workspaceId, row.id));
  });
}
