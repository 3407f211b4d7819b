import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCreateApiKeyRequest, ZCreatedApiKey, ZIdParams, ZListApiKeysResponse } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { assertManagesWorkspace, workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key-store.ts';

const tags = ['api-keys'];
const headers = ZWorkspaceHeaders;
// 401: not signed in, or an API key (keys never manage keys). 403: a teammate, besides the workspace
// rule's (staff without a workspace named, an unassigned manager, an address waiting for its proof).
// 404: a workspace or key the caller cannot see.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/**
 * A workspace's API keys, under /api/workspace/api-keys: its owner and staff list, create and
 * revoke them; teammates do not (a key acts for the whole workspace). The key is answered once.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const managedWorkspace = async (request: Parameters<typeof workspaceOfRequest>[1]) => {
    const workspace = await workspaceOfRequest(db, request);
    assertManagesWorkspace(workspace, 'manage API keys');
    return workspace;
  };

  app.get(
    '/api/workspace/api-keys',
    { schema: { tags, headers, response: { 200: ZListApiKeysResponse, ...errors } } },
    async (request) => ({
      keys: await listApiKeys(db, (await managedWorkspace(request)).id),
    }),
  );

  app.post(
    '/api/workspace/api-keys',
    {
      schema: {
        tags,
        headers,
        description: 'Answers the key in `key`, this once: only its SHA-256 is kept.',
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKey, ...errors },
      },
    },
    async (request, reply) => {
      const workspace = await managedWorkspace(request);
      const created = await createApiKey(db, { workspaceId: workspace.id, name: request.body.name, who: sessionUserOf(request).email });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/workspace/api-keys/:id',
    { schema: { tags, headers, params: ZIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const workspace = await managedWorkspace(request);
      await revokeApiKey(db, { workspaceId: workspace.id, id: request.params.id, who: sessionUserOf(request).email });
      return reply.status(204).send(null);
    },
  );
};
