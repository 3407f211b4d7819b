import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZPostingSlots, ZReplacePostingSlotsRequest } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { assertManagesWorkspace, workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { listPostingSlots } from './list-posting-slots.ts';
import { replacePostingSlots } from './replace-posting-slots.ts';

// 403: a teammate changing the slots (the owner's and staff's to set), or staff not assigned to the
// client. 404: a workspace the caller cannot see.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['workspace'];
const headers = ZWorkspaceHeaders;

/** The workspace's weekly posting slots: read by anyone working in it, replaced by the owner and staff. */
export const postingSlotRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get('/api/workspace/posting-slots', { schema: { tags, headers, response: { 200: ZPostingSlots, ...errors } } }, async (request) =>
    listPostingSlots(db, await workspaceOfRequest(db, request)),
  );

  app.put(
    '/api/workspace/posting-slots',
    { schema: { tags, headers, body: ZReplacePostingSlotsRequest, response: { 200: ZPostingSlots, ...errors } } },
    async (request) => {
      const workspace = await workspaceOfRequest(db, request);
      assertManagesWorkspace(workspace, 'change posting slots');
      await replacePostingSlots(db, { workspace, who: sessionUserOf(request).email, slots: request.body.slots });
      return listPostingSlots(db, workspace);
    },
  );
};
