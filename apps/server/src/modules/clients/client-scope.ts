import { expressionBuilder, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { seesAllClients } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import { CLIENT_NOT_FOUND } from './workspace-summary.ts';

/**
 * The clients a staff member sees and acts on in the admin console: admins and founders every one,
 * a manager only those assigned to them. `manager` is the email the assignments name, or null when
 * nothing is held back. Any role other than admin and founder is held to its assignments, so a role
 * added later starts with less, not more.
 */
export interface ClientScope {
  manager: string | null;
}

export function clientScopeOf(user: Pick<SessionUser, 'email' | 'role'>): ClientScope {
  return { manager: seesAllClients(user.role) ? null : user.email };
}

/** "The workspace whose id is in this column is assigned to the manager": one primary-key lookup per row. */
export function assignedToManager(manager: string, workspaceIdColumn: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database>();
  return eb.exists(
    eb
      .selectFrom('workspaceManager')
      .select('workspaceManager.workspaceId')
      .where('workspaceManager.workspaceId', '=', sql.ref<string>(workspaceIdColumn))
      .where('workspaceManager.email', '=', manager),
  );
}

/**
 * Narrows a query (through `$call`) to the rows whose workspace, named by the column, is in scope.
 * A row with no workspace (a request from someone who is no client) is only in an unlimited scope.
 * For admins and founders the query is left exactly as it was.
 */
export function withinClientScope(scope: ClientScope, workspaceIdColumn: string) {
  const { manager } = scope;
  return <TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>): SelectQueryBuilder<Database, TB, O> =>
    manager === null ? query : query.where(assignedToManager(manager, workspaceIdColumn));
}

/** True when the workspace is in scope; a missing one is in no manager's scope. */
export async function isClientInScope(db: Db, scope: ClientScope, workspaceId: string | null): Promise<boolean> {
  if (scope.manager === null) return true;
  if (workspaceId === null) return false;
  const assignment = await db
    .selectFrom('workspaceManager')
    .select('workspaceId')
    .where('workspaceId', '=', workspaceId)
    .where('email', '=', scope.manager)
    .executeTakeFirst();
  return assignment !== undefined;
}

/** A client out of scope is answered like one that does not exist, so its id tells a manager nothing. */
export async function assertClientInScope(db: Db, scope: ClientScope, workspaceId: string): Promise<void> {
  if (!(await isClientInScope(db, scope, workspaceId))) throw new HttpError(404, CLIENT_NOT_FOUND);
}
