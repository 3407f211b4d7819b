import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminCalendar, ZAdminCalendarQuery, ZApiError } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { clientScopeOf } from '../clients/client-scope.ts';
import { listAdminCalendar } from './list-calendar-posts.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['admin: calendar'];

/** The agency calendar, inside the staff-only admin scope: a manager's holds only their assigned clients. */
export const calendarAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/calendar',
    { schema: { tags, querystring: ZAdminCalendarQuery, response: { 200: ZAdminCalendar, ...errors } } },
    async (request) => listAdminCalendar(ctx.db, clientScopeOf(sessionUserOf(request)), request.query),
  );
};
