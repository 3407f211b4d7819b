import { generateCodeVerifier, generateState } from 'arctic';
import type { AppConfig } from '../../config.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { channelOAuthClient } from './channel-oauth-client.ts';
import { callbackUrlOf } from './channel-providers.ts';
import type { ResolvedProvider } from './resolve-channel-provider.ts';
import { OAUTH_STATE_TTL_SECONDS, safeReturnPath, sealOAuthState } from './oauth-state.ts';

/**
 * The provider's authorization URL (PKCE S256) and the sealed cookie value that lets the callback
 * check the state, send the code verifier and store the connection in the workspace chosen here.
 */
export function startChannelAuthorization(
  config: AppConfig,
  box: SecretBox,
  input: { provider: ResolvedProvider; userId: string; workspaceId: string; returnTo?: string },
): { url: string; cookieValue: string } {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = channelOAuthClient(input.provider, callbackUrlOf(config, input.provider.id)).createAuthorizationURL(state, codeVerifier);
  const cookieValue = sealOAuthState(box, {
    provider: input.provider.id,
    state,
    codeVerifier,
    returnTo: safeReturnPath(input.returnTo),
    userId: input.userId,
    workspaceId: input.workspaceId,
    instanceUrl: input.provider.instanceUrl,
    expiresAt: Date.now() + OAUTH_STATE_TTL_SECONDS * 1000,
  });
  return { url: url.toString(), cookieValue };
}
