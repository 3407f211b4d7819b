import type { OAuth2Tokens } from 'arctic';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { TokenSet } from '../networks/network-adapter.ts';

/** Additional authenticated data: an access token's ciphertext never opens as a refresh token. */
export const ACCESS_TOKEN_CONTEXT = 'social-access-token';
export const REFRESH_TOKEN_CONTEXT = 'social-refresh-token';

export interface SealedTokens {
  accessToken: string;
  /** Null when the network sent none (the caller keeps the one it has). */
  refreshToken: string | null;
  expiresAt: string | null;
  scope: string | null;
}

/** An OAuth token response as the networks' tokens are handled everywhere else. */
export function tokenSetOf(tokens: OAuth2Tokens): TokenSet {
  return {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    expiresAt: typeof (tokens.data as { expires_in?: unknown }).expires_in === 'number' ? tokens.accessTokenExpiresAt() : null,
  };
}

/** Tokens as stored: encrypted, expiry as an ISO time, with the granted scopes. */
export function sealTokens(box: SecretBox, tokens: TokenSet, scope: string | null): SealedTokens {
  return {
    accessToken: box.seal(tokens.accessToken, ACCESS_TOKEN_CONTEXT),
    refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken, REFRESH_TOKEN_CONTEXT) : null,
    expiresAt: tokens.expiresAt?.toISOString() ?? null,
    scope,
  };
}
