import { isStaffAccess, type TWorkspace } from '@hookline/shared';
import type { SessionUser } from '../../plugins/auth.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import type { DraftActor } from '../drafts/review-state.ts';
import type { ApiKeyCaller } from './authenticate-api-key.ts';

/**
 * Who acts in a request, as review mails, comments and the timeline name them: the signed-in user
 * (staff or client by their access to the workspace), or the API key the request carried, which
 * acts for the client. A key's email is its prefix, so a line it wrote points at the key.
 */
export function requestActor(
  request: { user?: SessionUser; apiKey?: ApiKeyCaller },
  workspace: Pick<TWorkspace, 'access'>,
): DraftActor & { email: string } {
  if (request.apiKey) return { name: `API key “${request.apiKey.name}”`, email: `api-key:${request.apiKey.prefix}`, kind: 'client' };
  const user = sessionUserOf(request);
  return { name: user.name || user.email, email: user.email, kind: isStaffAccess(workspace.access) ? 'staff' : 'client' };
}
