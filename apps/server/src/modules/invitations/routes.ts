import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import {
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZApiError,
  ZInvitation,
  ZJoinInvitationRequest,
  ZLookupInvitationRequest,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { findUsableInvitation } from './find-invitation.ts';
import { joinInvitation } from './join-invitation.ts';

const tags = ['invitations'];
const errors = { 400: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError, 429: ZApiError };

/**
 * Invitation links: lookup and accept are public (the invited person has no account yet; the mailed
 * token is the proof, sent in the body); join is for a teammate who signed in with the account
 * their address already has.
 */
export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Accepting makes an account and signs it in: limited like Better Auth's own sign-up.
  const rateLimit = { max: ctx.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' };

  app.post(
    '/api/invitations/lookup',
    { config: { public: true, rateLimit }, schema: { tags, body: ZLookupInvitationRequest, response: { 200: ZInvitation, ...errors } } },
    async (request) => {
      const { email, role, workspaceName, invitedBy, accountExists, expiresAt } = await findUsableInvitation(ctx.db, request.body.token);
      return { email, role, workspaceName, invitedBy, accountExists, expiresAt };
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
        { db: ctx.db, auth: ctx.auth, passwordMinLength: ctx.config.PASSWORD_MIN_LENGTH, founders: ctx.config.FOUNDER_EMAIL },
        request.body,
        headers,
      );
      return reply.header('set-cookie', cookies).send(accepted);
    },
  );

  app.post(
    '/api/invitations/join',
    {
      config: { rateLimit },
      schema: {
        tags,
        body: ZJoinInvitationRequest,
        response: { 200: ZAcceptInvitationResponse, 401: ZApiError, 403: ZApiError, ...errors },
      },
    },
    async (request) => joinInvitation(ctx.db, sessionUserOf(request), request.body.token, ctx.config.FOUNDER_EMAIL),
  );
};
