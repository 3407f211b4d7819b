import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCalendar, ZCalendarQuery } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { listWorkspaceCalendar } from './list-calendar-posts.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['calendar'];

/** The calendar of the workspace a request acts on (the header's, or the client's own): anyone who may read its drafts. */
export const calendarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get(
    '/api/calendar',
    { schema: { tags, headers: ZWorkspaceHeaders, querystring: ZCalendarQuery, response: { 200: ZCalendar, ...errors } } },
    async (request) => {
      const workspace = await workspaceOfRequest(db, request);
      return { timeZone: workspace.timeZone, ...(await listWorkspaceCalendar(db, workspace.id, request.query)) };
    },
  );
};
