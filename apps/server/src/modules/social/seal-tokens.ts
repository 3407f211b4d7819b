import type { OAuth2Tokens } from 'arctic';
import type { SecretBox } from '../../lib/secret-box.ts';

/** Additional authenticated data: an access token's ciphertext never opens as a refresh token. */
export const ACCESS_TOKEN_CONTEXT = 'social-access-token';
export const REFRESH_TOKEN_CONTEXT = 'social-refresh-token';

export interface SealedTokens {
  accessToken: string;
  /** Null when the provider sent none (the caller keeps the one it has). */
  refreshToken: string | null;
  expiresAt: string | null;
  scope: string | null;
}

/** The token response as stored: tokens encrypted, expiry as an ISO time, granted scopes. */
export function sealTokens(box: SecretBox, tokens: OAuth2Tokens, requestedScopes: string[]): SealedTokens {
  const data = tokens.data as { expires_in?: unknown };
  return {
    accessToken: box.seal(tokens.accessToken(), ACCESS_TOKEN_CONTEXT),
    refreshToken: tokens.hasRefreshToken() ? box.seal(tokens.refreshToken(), REFRESH_TOKEN_CONTEXT) : null,
    expiresAt: typeof data.expires_in === 'number' ? tokens.accessTokenExpiresAt().toISOString() : null,
    scope: tokens.hasScopes() ? tokens.scopes().join(' ') : requestedScopes.join(' ') || null,
  };
}
