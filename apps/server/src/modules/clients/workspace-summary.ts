import type { TWorkspaceSummary, TWorkspaceStatus, TPlanKind } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

export const CLIENT_NOT_FOUND = 'Client not found';

export const WORKSPACE_SUMMARY_COLUMNS = ['id', 'name', 'ownerEmail', 'status', 'plan', 'planMonthlyUsd', 'createdAt'] as const;

type WorkspaceSummaryRow = {
  id: string;
  name: string;
  ownerEmail: string;
  status: string;
  plan: string;
  planMonthlyUsd: number | null;
  createdAt: string;
};

/** A workspace as the admin console calls it: a client, with owner being the owner's email. */
export function toWorkspaceSummary(row: WorkspaceSummaryRow): TWorkspaceSummary {
  return {
    id: row.id,
    name: row.name,
    owner: row.ownerEmail,
    status: row.status as TWorkspaceStatus,
    plan: row.plan as TPlanKind,
    planMonthlyUsd: row.planMonthlyUsd,
    createdAt: row.createdAt,
  };
}

export async function getWorkspaceSummary(db: Db, id: string): Promise<TWorkspaceSummary> {
  const row = await db.selectFrom('workspace').select(WORKSPACE_SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, CLIENT_NOT_FOUND);
  return toWorkspaceSummary(row);
}
