import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Forgets the channel and its tokens. Only the workspace's own connections (else 404). */
export async function removeSocialConnection(db: Db, workspaceId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('socialConnection').where('id', '=', id).where('workspaceId', '=', workspaceId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new HttpError(404, 'Channel connection not found');
}
