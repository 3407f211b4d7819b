import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZOverviewQuery, ZOverviewResponse } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { clientScopeOf } from '../clients/client-scope.ts';
import { checkHealth } from './check-health.ts';
import { getOverview } from './get-overview.ts';
import { createHealthMonitor } from './health-monitor.ts';

export const overviewAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const health = createHealthMonitor(() => checkHealth(ctx), ctx.config.HEALTH_CHECK_MS);
  app.addHook('onClose', async () => health.stop());
  app.get(
    '/overview',
    { schema: { tags: ['admin: overview'], querystring: ZOverviewQuery, response: { 200: ZOverviewResponse, 400: ZApiError } } },
    async (request) => getOverview(ctx.db, health, request.query.range, clientScopeOf(sessionUserOf(request))),
  );
};
