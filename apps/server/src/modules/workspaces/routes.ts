import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZDeleteWorkspaceRequest, ZUpdateWorkspaceRequest, ZWorkspace } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { deleteWorkspace } from './delete-workspace.ts';
import { workspaceOfUser } from './workspace-of-user.ts';

// 403: a staff account, or a workspace waiting for its owner to prove the address.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['workspace'];

/** The signed-in client's own workspace: preferences, and deletion behind a typed confirmation. */
export const workspaceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get('/api/workspace', { schema: { tags, response: { 200: ZWorkspace, ...errors } } }, async (request) =>
    workspaceOfUser(db, sessionUserOf(request)),
  );

  app.patch(
    '/api/workspace',
    { schema: { tags, body: ZUpdateWorkspaceRequest, response: { 200: ZWorkspace, ...errors } } },
    async (request) => {
      const user = sessionUserOf(request);
      const workspace = await workspaceOfUser(db, user);
      await db
        .updateTable('workspace')
        .set({ ...request.body, updatedAt: new Date().toISOString() })
        .where('id', '=', workspace.id)
        .execute();
      return workspaceOfUser(db, user);
    },
  );

  app.delete(
    '/api/workspace',
    { schema: { tags, body: ZDeleteWorkspaceRequest, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const user = sessionUserOf(request);
      await deleteWorkspace(ctx, { workspace: await workspaceOfUser(db, user), confirmName: request.body.confirmName, who: user.email });
      return reply.status(204).send(null);
    },
  );
};
