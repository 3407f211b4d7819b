import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { noRouteError } from '../../plugins/errors.ts';
import { requireStaff } from '../../plugins/guards.ts';

/**
 * Everything under /api/admin is staff only, checked here once for the whole scope, including
 * paths that do not exist (a client learns nothing from a 404). Admin features register inside.
 */
export const adminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireStaff(ctx.auth));
  app.setNotFoundHandler((request, reply) => reply.status(404).send(noRouteError(request.method, request.url)));
};
