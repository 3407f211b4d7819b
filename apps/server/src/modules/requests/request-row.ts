import type { TRequest } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

export const REQUEST_COLUMNS = ['id', 'type', 'subject', 'requester', 'status', 'createdAt', 'workspaceId'] as const;

export function toRequest(row: {
  id: string;
  type: string;
  subject: string;
  requester: string;
  status: string;
  createdAt: string;
  workspaceId: string | null;
}): TRequest {
  return {
    id: row.id,
    type: row.type as TRequest['type'],
    subject: row.subject,
    requester: row.requester,
    status: row.status as TRequest['status'],
    createdAt: row.createdAt,
    clientId: row.workspaceId,
  };
}

export async function getRequest(db: Db, id: string): Promise<TRequest> {
  const row = await db.selectFrom('request').select(REQUEST_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, 'Request not found');
  return toRequest(row);
}
