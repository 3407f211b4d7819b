import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZOverviewQuery, ZOverviewResponse } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { clientScopeOf } from '../clients/client-scope.ts';
import { getOverview } from './get-overview.ts';

export const overviewAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/overview',
    { schema: { tags: ['admin: overview'], querystring: ZOverviewQuery, response: { 200: ZOverviewResponse, 400: ZApiError } } },
    async (request) => getOverview(ctx, request.query.range, clientScopeOf(sessionUserOf(request))),
  );
};
