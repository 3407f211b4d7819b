import type { TDraft, TListDraftsQuery } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { toDraft } from './draft-row.ts';

/** The most a list answers: a workspace's drafts page shows them all, newest first. */
const MAX_DRAFTS = 1000;

/** A workspace's drafts, newest first, of one channel or of all; draft (workspaceId, createdAt) serves it. */
export async function listDrafts(db: Db, workspaceId: string, { channel }: TListDraftsQuery): Promise<TDraft[]> {
  let query = db.selectFrom('draft').selectAll().where('workspaceId', '=', workspaceId);
  if (channel) query = query.where('channel', '=', channel);
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(MAX_DRAFTS).execute();
  return rows.map(toDraft);
}
