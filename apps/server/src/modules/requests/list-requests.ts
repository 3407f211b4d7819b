import type { z } from 'zod';
import type { TListRequestsResponse, ZListRequestsQuery } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { containsInsensitive, pageOffset } from '../../lib/query.ts';
import { withinClientScope, type ClientScope } from '../clients/client-scope.ts';
import { REQUEST_COLUMNS, toRequest } from './request-row.ts';

/**
 * Filter (status, type), search (subject, requester), sort and one page, with the total of all
 * matches; a manager's page and total hold only the requests of the clients assigned to them.
 */
export async function listRequests(
  db: Db,
  query: z.output<typeof ZListRequestsQuery> & { scope: ClientScope },
): Promise<TListRequestsResponse> {
  let base = db.selectFrom('request').$call(withinClientScope(query.scope, 'request.workspaceId'));
  if (query.search) {
    const term = query.search;
    base = base.where((eb) => eb.or([containsInsensitive(eb.ref('subject'), term), containsInsensitive(eb.ref('requester'), term)]));
  }
  if (query.status) base = base.where('status', '=', query.status);
  if (query.type) base = base.where('type', '=', query.type);
  const textSort = query.sortBy === 'subject' || query.sortBy === 'requester';
  const [rows, count] = await Promise.all([
    base
      .select(REQUEST_COLUMNS)
      .orderBy((eb) => (textSort ? eb.fn('lower', [eb.ref(query.sortBy)]) : eb.ref(query.sortBy)), query.sortDir)
      .orderBy('id', query.sortDir)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRequest), total: Number(count.total) };
}
