import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminChannelList, ZApiError } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { clientScopeOf } from '../clients/client-scope.ts';
import { listAdminChannels } from './list-admin-channels.ts';

/** Channel health across clients, inside the staff-only admin scope. */
export const socialAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/channels',
    { schema: { tags: ['admin: channels'], response: { 200: ZAdminChannelList, 401: ZApiError, 403: ZApiError } } },
    async (request) => ({ channels: await listAdminChannels(ctx.db, clientScopeOf(sessionUserOf(request))) }),
  );
};
