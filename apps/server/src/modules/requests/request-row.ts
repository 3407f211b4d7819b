import type { TRequest } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { withinClientScope, type ClientScope } from '../clients/client-scope.ts';

const REQUEST_NOT_FOUND = 'Request not found';

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
  if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
  return toRequest(row);
}

/**
 * A request is in the caller's scope when its client is: one of a client outside it, or of no
 * client at all, is answered like one that does not exist.
 */
export async function assertRequestInScope(db: Db, scope: ClientScope, id: string): Promise<void> {
  if (scope.manager === null) return;
  const row = await db
    .selectFrom('request')
    .select('id')
    .where('id', '=', id)
    .$call(withinClientScope(scope, 'request.workspaceId'))
    .executeTakeFirst();
  if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
}
