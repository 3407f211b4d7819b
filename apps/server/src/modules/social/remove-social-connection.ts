import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Forgets the channel and its tokens, answering which channel it was. Only the workspace's own connections (else 404). */
export async function removeSocialConnection(db: Db, workspaceId: string, id: string): Promise<{ provider: string; handle: string }> {
  const removed = await db
    .deleteFrom('socialConnection')
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .returning(['provider', 'handle'])
    .executeTakeFirst();
  if (!removed) throw new HttpError(404, 'Channel connection not found');
  return removed;
}
