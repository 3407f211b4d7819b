import type { z } from 'zod';
import type { TListClientsResponse, ZListClientsQuery } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { containsInsensitive, pageOffset } from '../../lib/query.ts';
import { CLIENT_COLUMNS, toClient } from './client-row.ts';

const SORT_COLUMNS = { name: 'name', owner: 'ownerEmail', status: 'status' } as const;

/** Search (name or owner), status filter, sort and one page, with the total of all matches. */
export async function listClients(db: Db, query: z.output<typeof ZListClientsQuery>): Promise<TListClientsResponse> {
  let base = db.selectFrom('workspace');
  if (query.search) {
    const term = query.search;
    base = base.where((eb) => eb.or([containsInsensitive(eb.ref('name'), term), containsInsensitive(eb.ref('ownerEmail'), term)]));
  }
  if (query.status) base = base.where('status', '=', query.status);
  const [rows, count] = await Promise.all([
    base
      .select(CLIENT_COLUMNS)
      // lower(): the same order on SQLite (binary collation) and PostgreSQL (locale collation).
      .orderBy((eb) => eb.fn('lower', [eb.ref(SORT_COLUMNS[query.sortBy])]), query.sortDir)
      .orderBy('id', query.sortDir)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toClient), total: Number(count.total) };
}
