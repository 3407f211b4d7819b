import type { Selectable } from 'kysely';
import type { TDraftComment } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { DraftCommentTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import type { DraftActor } from './review-state.ts';

export function toDraftComment(row: Selectable<DraftCommentTable>): TDraftComment {
  return {
    id: row.id,
    authorName: row.authorName,
    authorKind: row.authorKind as TDraftComment['authorKind'],
    internal: Boolean(row.internal),
    text: row.text,
    createdAt: row.createdAt,
  };
}

/**
 * The threads of some drafts, each oldest first, by draft id (a draft without comments is absent).
 * Internal comments are staff's notes to each other: only `withInternal` (staff callers) reads
 * them, so no answer for the client side or a review link can hold one.
 */
export async function listDraftComments(db: Db, draftIds: readonly string[], withInternal: boolean): Promise<Map<string, TDraftComment[]>> {
  const threads = new Map<string, TDraftComment[]>();
  if (draftIds.length === 0) return threads;
  const rows = await db
    .selectFrom('draftComment')
    .selectAll()
    .where('draftId', 'in', [...draftIds])
    .$if(!withInternal, (query) => query.where('internal', '=', 0))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  for (const row of rows) threads.set(row.draftId, [...(threads.get(row.draftId) ?? []), toDraftComment(row)]);
  return threads;
}

/** Adds a comment to a draft the caller already found, with its webhook event (run it in the change's transaction). */
export async function addDraftComment(
  db: Db,
  input: { workspaceId: string; draftId: string; by: DraftActor; text: string; internal: boolean },
): Promise<TDraftComment> {
  const row = {
    id: newId(),
    draftId: input.draftId,
    authorName: input.by.name,
    authorEmail: input.by.email,
    authorKind: input.by.kind,
    internal: input.internal ? 1 : 0,
    text: input.text,
    createdAt: new Date().toISOString(),
  };
  await db.insertInto('draftComment').values(row).execute();
  const comment = toDraftComment(row);
  await emitWebhookEvent(db, 'comment.added', { clientId: input.workspaceId, draftId: input.draftId, comment });
  return comment;
}
