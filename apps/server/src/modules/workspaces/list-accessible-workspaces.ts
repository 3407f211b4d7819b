import { isStaffRole, type TListAccessibleWorkspacesResponse, type TWorkspaceAccess } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { containsInsensitive } from '../../lib/query.ts';
import { clientScopeOf, withinClientScope } from '../clients/client-scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/**
 * The workspaces the caller may open, for the dashboard's switcher: a client's own and those where
 * they are a teammate (in their role); every one for admins and founders; the assigned ones for a
 * manager. The same rule as resolveWorkspace, as a list. Searched by name or owner email
 * (case-insensitive), ordered by name.
 */
export async function listAccessibleWorkspaces(
  db: Db,
  user: Pick<SessionUser, 'id' | 'email' | 'role'>,
  query: { search?: string; limit: number },
): Promise<TListAccessibleWorkspacesResponse> {
  const staff = isStaffRole(user.role);
  let rows = db
    .selectFrom('workspace')
    .leftJoin('workspaceMember', (join) =>
      join.onRef('workspaceMember.workspaceId', '=', 'workspace.id').on('workspaceMember.userId', '=', user.id),
    )
    .select(['workspace.id', 'workspace.name', 'workspace.ownerEmail', 'workspace.ownerUserId', 'workspaceMember.role as memberRole']);
  rows = staff
    ? rows.$call(withinClientScope(clientScopeOf(user), 'workspace.id'))
    : rows.where((eb) => eb.or([eb('workspace.ownerUserId', '=', user.id), eb('workspaceMember.userId', 'is not', null)]));
  const { search } = query;
  if (search)
    rows = rows.where((eb) =>
      eb.or([containsInsensitive(eb.ref('workspace.name'), search), containsInsensitive(eb.ref('workspace.ownerEmail'), search)]),
    );
  const found = await rows
    // lower(): the same order on SQLite (binary collation) and PostgreSQL (locale collation).
    .orderBy((eb) => eb.fn('lower', [eb.ref('workspace.name')]))
    .orderBy('workspace.id')
    .limit(query.limit)
    .execute();
  const accessOf = (row: (typeof found)[number]): TWorkspaceAccess =>
    row.ownerUserId === user.id ? 'owner' : staff ? 'staff' : (row.memberRole as TWorkspaceAccess);
  return { workspaces: found.map((row) => ({ id: row.id, name: row.name, owner: row.ownerEmail, access: accessOf(row) })) };
}
