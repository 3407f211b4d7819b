import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import { changeWithStaffRecord } from '../workspaces/record-staff-action.ts';
import { resolveWorkspace } from '../workspaces/resolve-workspace.ts';
import { assertManagesChannels } from './assert-manages-channels.ts';
import { channelOAuthClient, classifyTokenError } from './channel-oauth-client.ts';
import { callbackUrlOf, channelName, type ChannelProvider } from './channel-providers.ts';
import { ChannelProfileError, fetchChannelProfile } from './fetch-channel-profile.ts';
import { DEFAULT_RETURN_PATH, openOAuthState } from './oauth-state.ts';
import { sealTokens } from './seal-tokens.ts';
import { upsertSocialConnection } from './upsert-social-connection.ts';

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** Where the browser goes next, and the message to show there when connecting failed. */
export interface CallbackOutcome {
  returnTo: string;
  error: string | null;
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * The provider's redirect back: checks the state against the sealed cookie (same provider, same
 * user, not expired), exchanges the code with the PKCE verifier, reads the account, and stores the
 * connection with its tokens encrypted in the workspace chosen at the start. Access is checked
 * again, as at the start: a manager may have been unassigned meanwhile, or the caller may now be
 * only a teammate there, who may not connect channels. What staff connect goes on the client's
 * timeline, in the transaction that stores the connection.
 */
export async function completeChannelAuthorization(
  deps: { config: AppConfig; db: Db; box: SecretBox; log: FastifyBaseLogger },
  input: { provider: ChannelProvider; query: CallbackQuery; sealedState: string | undefined; user: SessionUser },
): Promise<CallbackOutcome> {
  const { provider, query } = input;
  const label = provider.label;
  const saved = openOAuthState(deps.box, input.sealedState);
  const returnTo = saved?.returnTo ?? DEFAULT_RETURN_PATH;
  const fail = (error: string): CallbackOutcome => {
    deps.log.info({ provider: provider.id, reason: error }, 'channel connection failed');
    return { returnTo, error };
  };

  if (!saved || saved.provider !== provider.id || saved.userId !== input.user.id || !query.state || !sameString(saved.state, query.state)) {
    return fail(`The ${label} connection could not be verified: it expired or was started in another browser. Please try again.`);
  }
  if (query.error) {
    return fail(
      query.error === 'access_denied'
        ? `You cancelled connecting ${label}.`
        : `${label} refused the connection: ${query.error_description || query.error}.`,
    );
  }
  if (!query.code) return fail(`${label} sent no authorization code. Please try again.`);

  const client = channelOAuthClient(provider, callbackUrlOf(deps.config, provider.id));
  let tokens;
  try {
    tokens = await client.validateAuthorizationCode(query.code, saved.codeVerifier);
    tokens.accessToken();
  } catch (error) {
    const failure = classifyTokenError(error);
    return fail(
      failure.kind === 'rejected'
        ? `${label} did not accept the authorization (${failure.detail}). Please try again.`
        : `Could not reach ${label} to finish connecting (${failure.detail}). Please try again.`,
    );
  }

  let profile;
  try {
    profile = await fetchChannelProfile(provider, tokens.accessToken());
  } catch (error) {
    if (error instanceof ChannelProfileError) return fail(error.message);
    throw error;
  }

  let workspace;
  try {
    workspace = await resolveWorkspace(deps.db, input.user, saved.workspaceId);
    assertManagesChannels(workspace);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return fail(error.message);
    throw error;
  }
  await changeWithStaffRecord(
    deps.db,
    { workspace, who: input.user.email },
    (trx) =>
      upsertSocialConnection(trx, {
        workspaceId: workspace.id,
        provider: provider.id,
        accountId: profile.accountId,
        handle: profile.handle,
        tokens: sealTokens(deps.box, tokens, provider.scopes),
      }),
    () => `Channel connected: ${channelName({ provider: provider.id, handle: profile.handle })}`,
  );
  return { returnTo, error: null };
}
