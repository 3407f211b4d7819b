import { z } from 'zod';
import { ADDRESS_PROOF_NEEDED, canManageWorkspace, isStaffRole, WORKSPACE_HEADER, ZWorkspaceId, type TWorkspace } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import type { ApiKeyCaller } from '../api-keys/authenticate-api-key.ts';
import { clientScopeOf, isClientInScope } from '../clients/client-scope.ts';
import { findMemberRole } from '../members/find-membership.ts';
import { joinOrCreateWorkspace, readWorkspace, workspaceOfUser } from './workspace-of-user.ts';

export const WORKSPACE_NOT_FOUND = 'Workspace not found';
export const NOT_ASSIGNED = 'You are not assigned to this client.';

/** The header in route schemas: checked before the handler runs (400 naming it) and shown in the OpenAPI document. */
export const ZWorkspaceHeaders = z.object({
  [WORKSPACE_HEADER]: ZWorkspaceId.optional().describe(
    "The workspace this call acts on; without it, the caller's own. Staff name the client's workspace here.",
  ),
});

type Caller = Pick<SessionUser, 'id' | 'email' | 'name' | 'emailVerified' | 'role'>;

/**
 * The workspace a dashboard call acts on, with how the caller may act in it. Named (by the
 * workspace header, or the OAuth start's query): its owner acts as owner; a teammate in their role
 * (editor or approver); admins and founders as staff; a manager as staff only where assigned. Not
 * named: the client's own workspace (a teammate without one: the first they joined), and staff have
 * none. Every dashboard route goes through here, so the rule lives in one place.
 */
export async function resolveWorkspace(db: Db, user: Caller, named: string | undefined): Promise<TWorkspace> {
  if (named === undefined) return workspaceOfUser(db, user);
  const id = ZWorkspaceId.safeParse(named);
  if (!id.success) throw new HttpError(400, `${WORKSPACE_HEADER}: ${id.error.issues[0]?.message ?? 'must be a workspace id'}`);
  return openWorkspace(db, user, id.data);
}

/**
 * A workspace the caller may act in, found by id (from the header, or from a resource that belongs
 * to it, such as a clip job a <video> or EventSource fetches without headers).
 */
export async function openWorkspace(db: Db, user: Caller, id: string): Promise<TWorkspace> {
  const found = await readWorkspace(db, { id }, 'staff');
  if (!found) throw new HttpError(404, WORKSPACE_NOT_FOUND);
  if (found.ownerUserId === user.id) return { ...found.workspace, access: 'owner' };
  if (!isStaffRole(user.role)) {
    // A teammate the owner invited acts in their role; removed, they are another client at once.
    const role = await findMemberRole(db, id, user.id);
    if (role) return { ...found.workspace, access: role };
    // The client's own address, not yet their account's: a proven address takes it now, as without the
    // header; an unproven one is refused. Never another workspace instead: the call named this one.
    if (found.workspace.owner === user.email.toLowerCase()) {
      const settled = await joinOrCreateWorkspace(db, user);
      if (settled === 'joined' || settled === 'owner') return { ...found.workspace, access: 'owner' };
      throw new HttpError(403, ADDRESS_PROOF_NEEDED);
    }
    // Another client's workspace: as if it did not exist.
    throw new HttpError(404, WORKSPACE_NOT_FOUND);
  }
  // The admin console's rule: admins and founders everywhere, a manager where assigned.
  if (!(await isClientInScope(db, clientScopeOf(user), id))) throw new HttpError(403, NOT_ASSIGNED);
  return found.workspace;
}

/**
 * The workspace a resource belongs to, for the routes a browser calls without headers (a draft's
 * media in an <img>, a clip job's EventSource): the same rule as the header. Null where the caller
 * may not even learn that the resource exists, so the route answers its own 404 ("Draft not found").
 */
export async function openResourceWorkspace(db: Db, user: Caller, workspaceId: string | null | undefined): Promise<TWorkspace | null> {
  if (!workspaceId) return null;
  try {
    return await openWorkspace(db, user, workspaceId);
  } catch (error) {
    // Not assigned (403 for a named workspace) is, for a resource found by its id, as unknown as missing.
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403)) return null;
    throw error;
  }
}

/** The workspace a dashboard request acts on: its signed-in user (or API key) and its workspace header. */
export function workspaceOfRequest(
  db: Db,
  request: { user?: SessionUser; apiKey?: ApiKeyCaller; headers: Record<string, string | string[] | undefined> },
): Promise<TWorkspace> {
  const named = request.headers[WORKSPACE_HEADER];
  // A repeated header arrives as one joined value (or a list), which then fails the id check.
  const joined = Array.isArray(named) ? named.join(', ') : named;
  if (request.apiKey) return openKeyWorkspace(db, request.apiKey, joined);
  return resolveWorkspace(db, sessionUserOf(request), joined);
}

/**
 * An API key's workspace, where it acts as an editor: it drafts, edits, queues and schedules, and
 * never approves or changes settings or keys. Any other workspace named is as unknown as another
 * client's.
 */
async function openKeyWorkspace(db: Db, key: ApiKeyCaller, named: string | undefined): Promise<TWorkspace> {
  const found = named === undefined || named === key.workspaceId ? await readWorkspace(db, { id: key.workspaceId }, 'editor') : undefined;
  if (!found) throw new HttpError(404, WORKSPACE_NOT_FOUND);
  return found.workspace;
}

/**
 * For what only the workspace's owner and staff do (its settings, channels and team): teammates
 * draft, comment and approve, but the workspace itself stays the owner's to run.
 */
export function assertManagesWorkspace(workspace: Pick<TWorkspace, 'access'>, what: string): void {
  if (!canManageWorkspace(workspace.access)) throw new HttpError(403, `Only the workspace owner or Hookline staff can ${what}.`);
}
