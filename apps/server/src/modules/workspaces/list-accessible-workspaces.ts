import { isStaffRole, type TListAccessibleWorkspacesResponse } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { containsInsensitive } from '../../lib/query.ts';
import { clientScopeOf, withinClientScope } from '../clients/client-scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/**
 * The workspaces the caller may open, for the dashboard's switcher: a client's own; every one for
 * admins and founders; the assigned ones for a manager. The same rule as resolveWorkspace, as a list.
 * Searched by name or owner email (case-insensitive), ordered by name.
 */
export async function listAccessibleWorkspaces(
  db: Db,
  user: Pick<SessionUser, 'id' | 'email' | 'role'>,
  query: { search?: string; limit: number },
): Promise<TListAccessibleWorkspacesResponse> {
  let rows = db.selectFrom('workspace').select(['id', 'name', 'ownerEmail', 'ownerUserId']);
  rows = isStaffRole(user.role)
    ? rows.$call(withinClientScope(clientScopeOf(user), 'workspace.id'))
    : rows.where('ownerUserId', '=', user.id);
  const { search } = query;
  if (search)
    rows = rows.where((eb) => eb.or([containsInsensitive(eb.ref('name'), search), containsInsensitive(eb.ref('ownerEmail'), search)]));
  const found = await rows
    // lower(): the same order on SQLite (binary collation) and PostgreSQL (locale collation).
    .orderBy((eb) => eb.fn('lower', [eb.ref('name')]))
    .orderBy('id')
    .limit(query.limit)
    .execute();
  return {
    workspaces: found.map((row) => ({
      id: row.id,
      name: row.name,
      owner: row.ownerEmail,
      access: row.ownerUserId === user.id ? 'owner' : 'staff',
    })),
  };
}
