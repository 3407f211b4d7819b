import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { noRouteError } from '../../plugins/errors.ts';
import { requireStaff } from '../../plugins/guards.ts';
import { calendarAdminRoutes } from '../calendar/admin-routes.ts';
import { clientAdminRoutes } from '../clients/admin-routes.ts';
import { overviewAdminRoutes } from '../overview/admin-routes.ts';
import { requestAdminRoutes } from '../requests/admin-routes.ts';
import { settingsAdminRoutes } from '../settings/admin-routes.ts';
import { socialAdminRoutes } from '../social/admin-routes.ts';
import { teamAdminRoutes } from '../team/admin-routes.ts';

/**
 * Everything under /api/admin is staff only, checked here once for the whole scope, including
 * paths that do not exist (a client learns nothing from a 404). Finer roles are checked per route.
 */
export const adminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireStaff(ctx.auth));
  app.setNotFoundHandler((request, reply) => reply.status(404).send(noRouteError(request.method, request.url)));
  for (const routes of [
    overviewAdminRoutes,
    clientAdminRoutes,
    requestAdminRoutes,
    calendarAdminRoutes,
    socialAdminRoutes,
    settingsAdminRoutes,
    teamAdminRoutes,
  ]) {
    await app.register(routes, { ctx });
  }
};
