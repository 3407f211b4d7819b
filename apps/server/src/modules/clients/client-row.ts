import type { TClient, TClientStatus, TPlanKind } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

export const CLIENT_COLUMNS = ['id', 'name', 'ownerEmail', 'status', 'plan', 'planMonthlyUsd', 'createdAt'] as const;

type ClientRow = {
  id: string;
  name: string;
  ownerEmail: string;
  status: string;
  plan: string;
  planMonthlyUsd: number | null;
  createdAt: string;
};

/** A workspace as the admin console calls it: a client, with owner being the owner's email. */
export function toClient(row: ClientRow): TClient {
  return {
    id: row.id,
    name: row.name,
    owner: row.ownerEmail,
    status: row.status as TClientStatus,
    plan: row.plan as TPlanKind,
    planMonthlyUsd: row.planMonthlyUsd,
    createdAt: row.createdAt,
  };
}

export async function getClient(db: Db, id: string): Promise<TClient> {
  const row = await db.selectFrom('workspace').select(CLIENT_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, 'Client not found');
  return toClient(row);
}
