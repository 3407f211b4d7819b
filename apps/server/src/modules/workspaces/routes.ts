import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZDeleteWorkspaceRequest,
  ZListAccessibleWorkspacesQuery,
  ZListAccessibleWorkspacesResponse,
  ZUpdateWorkspaceRequest,
  ZWorkspace,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { deleteWorkspace } from './delete-workspace.ts';
import { listAccessibleWorkspaces } from './list-accessible-workspaces.ts';
import { changeWithStaffRecord } from './record-staff-action.ts';
import { assertManagesWorkspace, workspaceOfRequest, ZWorkspaceHeaders } from './resolve-workspace.ts';

// 403: a staff account without a workspace named, a manager not assigned to it, a workspace
// waiting for its owner to prove the address, or a teammate changing what only the owner and staff
// change. 404: a workspace the caller cannot see.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['workspace'];
const headers = ZWorkspaceHeaders;
export const ONLY_OWNER_DELETES = 'Only the owner can delete this workspace.';

/**
 * The workspace a request acts on (the header's, or the client's own): read by anyone working in it;
 * its preferences and review rule changed by the owner and staff; deleted by the owner alone, behind
 * a typed confirmation.
 */
export const workspaceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get('/api/workspace', { schema: { tags, headers, response: { 200: ZWorkspace, ...errors } } }, async (request) =>
    workspaceOfRequest(db, request),
  );

  app.get(
    '/api/workspaces',
    { schema: { tags, querystring: ZListAccessibleWorkspacesQuery, response: { 200: ZListAccessibleWorkspacesResponse, ...errors } } },
    async (request) => listAccessibleWorkspaces(db, sessionUserOf(request), request.query),
  );

  app.patch(
    '/api/workspace',
    { schema: { tags, headers, body: ZUpdateWorkspaceRequest, response: { 200: ZWorkspace, ...errors } } },
    async (request) => {
      const workspace = await workspaceOfRequest(db, request);
      assertManagesWorkspace(workspace, 'change workspace settings');
      const { requireApproval, ...preferences } = request.body;
      await changeWithStaffRecord(
        db,
        { workspace, who: sessionUserOf(request).email },
        (trx) =>
          trx
            .updateTable('workspace')
            .set({
              ...preferences,
              ...(requireApproval === undefined ? {} : { requireApproval: requireApproval ? 1 : 0 }),
              updatedAt: new Date().toISOString(),
            })
            .where('id', '=', workspace.id)
            .execute(),
        () => 'Workspace settings changed',
      );
      return workspaceOfRequest(db, request);
    },
  );

  app.delete(
    '/api/workspace',
    { schema: { tags, headers, body: ZDeleteWorkspaceRequest, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const workspace = await workspaceOfRequest(db, request);
      if (workspace.access !== 'owner') throw new HttpError(403, ONLY_OWNER_DELETES);
      await deleteWorkspace(ctx, { workspace, confirmName: request.body.confirmName, who: sessionUserOf(request).email });
      return reply.status(204).send(null);
    },
  );
};
