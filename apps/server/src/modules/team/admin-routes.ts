import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZGrantRoleRequest, ZIdParams, ZSetRoleRequest, ZStaffMember, ZTeamResponse } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireRoles } from '../../plugins/guards.ts';
import { listStaff, setStaffRole } from './list-staff.ts';

const foundersOnly = requireRoles(['founder'], 'Only founders can manage the team.');
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['admin: team'];

export const teamAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get('/team', { onRequest: foundersOnly, schema: { tags, response: { 200: ZTeamResponse, ...errors } } }, async () => listStaff(db));

  app.put(
    '/team/:id',
    { onRequest: foundersOnly, schema: { tags, params: ZIdParams, body: ZSetRoleRequest, response: { 200: ZStaffMember, ...errors } } },
    async (request) => setStaffRole(db, request.params.id, request.body.role),
  );

  /** Grant a role by email: how a founder makes an existing account staff. */
  app.post(
    '/team',
    { onRequest: foundersOnly, schema: { tags, body: ZGrantRoleRequest, response: { 200: ZStaffMember, ...errors } } },
    async (request) => {
      const user = await db.selectFrom('user').select('id').where('email', '=', request.body.email).executeTakeFirst();
      if (!user) throw new HttpError(404, `No account with the email ${request.body.email}. Ask them to sign up first.`);
      return setStaffRole(db, user.id, request.body.role);
    },
  );
};
