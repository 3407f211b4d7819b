import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import { resolveWorkspace } from '../workspaces/resolve-workspace.ts';
import { assertManagesChannels } from './assert-manages-channels.ts';
import { channelOAuthClient, classifyTokenError } from './channel-oauth-client.ts';
import { callbackUrlOf } from './channel-providers.ts';
import { DEFAULT_RETURN_PATH, openOAuthState } from './oauth-state.ts';
import type { ResolvedProvider } from './resolve-channel-provider.ts';
import { tokenSetOf } from './seal-tokens.ts';
import { readConnectedAccounts, storeConnectedAccounts, type ConnectedTokens } from './store-connected-accounts.ts';
import type { NetworkAdapters } from '../networks/network-adapters.ts';
import { TokenRefusedError } from '../networks/network-adapter.ts';
import { PublishError } from '../publishing/channel-publisher.ts';

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
 * user, not expired), exchanges the code with the PKCE verifier, reads the account (and the pages
 * it may post as), and stores the connections with their tokens encrypted in the workspace chosen
 * at the start. Access is checked
 * again, as at the start: a manager may have been unassigned meanwhile, or the caller may now be
 * only a teammate there, who may not connect channels. What staff connect goes on the client's
 * timeline, in the transaction that stores the connection.
 */
export async function completeChannelAuthorization(
  deps: { config: AppConfig; db: Db; box: SecretBox; log: FastifyBaseLogger; adapters: NetworkAdapters },
  input: { provider: ResolvedProvider; query: CallbackQuery; sealedState: string | undefined; user: SessionUser },
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

  let connected: ConnectedTokens;
  try {
    connected = await readConnectedAccounts(deps.adapters, provider.id, tokenSetOf(tokens), provider.instanceUrl);
  } catch (error) {
    if (error instanceof PublishError || error instanceof TokenRefusedError) return fail(error.message);
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
  await storeConnectedAccounts(deps, {
    workspace,
    who: input.user.email,
    provider: provider.id,
    instanceUrl: provider.instanceUrl,
    connected,
    scope: tokens.hasScopes() ? tokens.scopes().join(' ') : provider.scopes.join(' '),
  });
  return { returnTo, error: null };
}
