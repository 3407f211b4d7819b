import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { ZAcceptInvitationRequest, ZAcceptInvitationResponse, ZApiError, ZInvitation, ZLookupInvitationRequest } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { findUsableInvitation } from './find-invitation.ts';

const tags = ['invitations'];
const errors = { 400: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError, 429: ZApiError };

/** Public: the invited owner has no account yet. The mailed token is the proof, sent in the body. */
export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Accepting makes an account and signs it in: limited like Better Auth's own sign-up.
  const rateLimit = { max: ctx.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' };

  app.post(
    '/api/invitations/lookup',
    { config: { public: true, rateLimit }, schema: { tags, body: ZLookupInvitationRequest, response: { 200: ZInvitation, ...errors } } },
    async (request) => {
      const { email, role, workspaceName, expiresAt } = await findUsableInvitation(ctx.db, request.body.token);
      return { email, role, workspaceName, expiresAt };
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { public: true, rateLimit },
      schema: { tags, body: ZAcceptInvitationRequest, response: { 200: ZAcceptInvitationResponse, ...errors } },
    },
    async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      // The session records the caller's address as Fastify resolved it, never a client-sent header.
      headers.set('x-forwarded-for', request.ip);
      const { cookies, ...accepted } = await acceptInvitation(
        { db: ctx.db, auth: ctx.auth, passwordMinLength: ctx.config.PASSWORD_MIN_LENGTH },
        request.body,
        headers,
      );
      return reply.header('set-cookie', cookies).send(accepted);
    },
  );
};
