import fastifyCookie from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZBlueskyConnectRequest,
  ZSocialAuthQuery,
  ZSocialCallbackQuery,
  ZSocialConnection,
  ZSocialConnectionList,
  ZSocialConnectionParams,
  ZSocialProvidersResponse,
  type TSocialProvider,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';
import { readSessionUser } from '../../plugins/auth.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { HttpError } from '../../lib/http-error.ts';
import { changeWithStaffRecord } from '../workspaces/record-staff-action.ts';
import { resolveWorkspace, workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { assertManagesChannels } from './assert-manages-channels.ts';
import { channelName, getChannelProvider, isSocialProvider, listNetworks } from './channel-providers.ts';
import { resolveChannelProvider } from './resolve-channel-provider.ts';
import { completeChannelAuthorization } from './complete-channel-authorization.ts';
import { connectBluesky } from './connect-bluesky.ts';
import { listSocialConnections } from './list-social-connections.ts';
import { OAUTH_STATE_COOKIE_PATH, OAUTH_STATE_TTL_SECONDS, oauthStateCookieName, openOAuthState, safeReturnPath } from './oauth-state.ts';
import { refreshSocialConnection } from './refresh-social-connection.ts';
import { removeSocialConnection } from './remove-social-connection.ts';
import { startChannelAuthorization } from './start-channel-authorization.ts';

const tags = ['social'];
const ZProviderParams = z.object({ provider: z.string().max(32) });
const headers = ZWorkspaceHeaders;
/**
 * The start is a browser navigation, which cannot send the workspace header: the workspace comes
 * as a query parameter instead, with the same rule.
 */
// 400: a workspace header that is no id. 403: a staff account without a workspace named, a
// manager not assigned to it, or a teammate (channels are the owner's and staff's to change).
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/**
 * Channel connections under /api/social. The auth and callback routes are browser
 * navigations: they answer with redirects, also when signed out (to the sign-in page) or on failure
 * (to the settings page with ?channelError=). The others act on the workspace a request names (the
 * header) or the client's own.
 */
export const socialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config, db } = ctx;
  const box = secretBoxFor(config);
  // Scoped to these routes; skipped when an enclosing scope already registered it.
  if (!app.hasReplyDecorator('setCookie')) await app.register(fastifyCookie);
  const cookieOptions = {
    path: OAUTH_STATE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.baseUrl.startsWith('https://'),
  };
  const redirect = (reply: FastifyReply, location: string) => reply.header('Cache-Control', 'no-store').redirect(location, 302);
  const toSignIn = (reply: FastifyReply, returnTo: string) => redirect(reply, `/login?redirect=${encodeURIComponent(returnTo)}`);

  app.get('/api/social/providers', { schema: { tags, response: { 200: ZSocialProvidersResponse, 401: ZApiError } } }, async () => ({
    providers: listNetworks(config)
      .filter((network) => network.configured)
      .map((network) => network.provider),
    networks: listNetworks(config),
  }));

  app.get('/api/social/connections', { schema: { tags, headers, response: { 200: ZSocialConnectionList, ...errors } } }, async (request) =>
    listSocialConnections(db, (await workspaceOfRequest(db, request)).id),
  );

  app.get(
    '/api/social/:provider/auth',
    {
      // Signed-in only, but checked here: a signed-out browser is sent to sign in instead of a JSON 401.
      config: { public: true },
      schema: {
        tags,
        params: ZProviderParams,
        querystring: ZSocialAuthQuery,
        response: { 400: ZApiError, 403: ZApiError, 404: ZApiError, 503: ZApiError },
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo);
      // A navigation from another site must not connect a staff member's own account (whose consent the
      // provider may not ask again) to a workspace of that site's choosing: starts come from Hookline's pages.
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw new HttpError(403, "Connect channels from Hookline's settings page.");
      }
      const user = await readSessionUser(ctx.auth, request);
      if (!user) return toSignIn(reply, returnTo);
      let workspaceId;
      try {
        const workspace = await resolveWorkspace(db, user, request.query.workspaceId);
        assertManagesChannels(workspace);
        workspaceId = workspace.id;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500)
          return redirect(reply, `${returnTo}?${new URLSearchParams({ channelError: error.message })}`);
        throw error;
      }
      let provider;
      try {
        provider = await resolveChannelProvider({ config, db, box }, request.params.provider, request.query.instance);
      } catch (error) {
        // A Mastodon instance that cannot be used is the user's to fix on the settings page.
        if (error instanceof HttpError && request.params.provider === 'mastodon' && error.statusCode !== 404)
          return redirect(reply, `${returnTo}?${new URLSearchParams({ channelError: error.message })}`);
        throw error;
      }
      const { url, cookieValue } = startChannelAuthorization(config, box, { provider, userId: user.id, workspaceId, returnTo });
      reply.setCookie(oauthStateCookieName(provider.id), cookieValue, { ...cookieOptions, maxAge: OAUTH_STATE_TTL_SECONDS });
      return redirect(reply, url);
    },
  );

  app.get(
    '/api/social/:provider/callback',
    {
      config: { public: true },
      schema: {
        tags,
        params: ZProviderParams,
        querystring: ZSocialCallbackQuery,
        response: { 400: ZApiError, 404: ZApiError, 503: ZApiError },
      },
    },
    async (request, reply) => {
      if (!isSocialProvider(request.params.provider)) getChannelProvider(config, request.params.provider);
      const cookieName = oauthStateCookieName(request.params.provider as TSocialProvider);
      const sealedState = request.cookies[cookieName];
      const provider = await resolveChannelProvider(
        { config, db, box },
        request.params.provider,
        openOAuthState(box, sealedState)?.instanceUrl ?? undefined,
      );
      // One use only, whatever happens next.
      reply.clearCookie(cookieName, cookieOptions);
      const user = await readSessionUser(ctx.auth, request);
      if (!user) return toSignIn(reply, safeReturnPath(undefined));
      const outcome = await completeChannelAuthorization(
        { config, db, box, log: request.log, adapters: ctx.networks },
        { provider, query: request.query, sealedState, user },
      );
      const result = new URLSearchParams(outcome.error ? { channelError: outcome.error } : { connected: provider.id });
      return redirect(reply, `${outcome.returnTo}?${result}`);
    },
  );

  app.post(
    '/api/social/bluesky/connect',
    { schema: { tags, headers, body: ZBlueskyConnectRequest, response: { 201: ZSocialConnection, ...errors, 502: ZApiError } } },
    async (request, reply) => {
      const workspace = await workspaceOfRequest(db, request);
      assertManagesChannels(workspace);
      const connection = await connectBluesky({ config, db, box }, { workspace, who: sessionUserOf(request).email, body: request.body });
      return reply.status(201).send(connection);
    },
  );

  app.delete(
    '/api/social/:id',
    { schema: { tags, headers, params: ZSocialConnectionParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const workspace = await workspaceOfRequest(db, request);
      assertManagesChannels(workspace);
      await changeWithStaffRecord(
        db,
        { workspace, who: sessionUserOf(request).email },
        (trx) => removeSocialConnection(trx, workspace.id, request.params.id),
        (removed) => `Channel removed: ${channelName(removed)}`,
      );
      return reply.status(204).send(null);
    },
  );

  // Also what the dashboard Overview's Refresh button calls for a channel.
  app.post(
    '/api/social/:id/refresh',
    {
      schema: {
        tags,
        headers,
        params: ZSocialConnectionParams,
        response: { 200: ZSocialConnection, ...errors, 409: ZApiError, 502: ZApiError, 503: ZApiError },
      },
    },
    async (request) => {
      const workspace = await workspaceOfRequest(db, request);
      assertManagesChannels(workspace);
      return refreshSocialConnection(
        { config, db, box, mailer: ctx.mailer, log: request.log, adapters: ctx.networks },
        { workspace, who: sessionUserOf(request).email, id: request.params.id },
      );
    },
  );
};
