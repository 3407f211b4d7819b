import {
  ArcticFetchError,
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import type { ChannelProvider } from './channel-providers.ts';

/** A provider that does not answer within this time counts as unreachable (transient). */
const TOKEN_TIMEOUT_MS = 15_000;

export interface ChannelOAuthClient {
  createAuthorizationURL(state: string, codeVerifier: string): URL;
  validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens>;
  refreshAccessToken(refreshToken: string): Promise<OAuth2Tokens>;
}

/** arctic's generic OAuth2Client on the configured endpoints: authorization code with PKCE (S256). */
export function channelOAuthClient(provider: ChannelProvider, redirectUri: string): ChannelOAuthClient {
  const client = new OAuth2Client(provider.clientId, provider.clientSecret, redirectUri);
  return {
    createAuthorizationURL(state, codeVerifier) {
      const url = client.createAuthorizationURLWithPKCE(provider.authUrl, state, CodeChallengeMethod.S256, codeVerifier, provider.scopes);
      for (const [name, value] of Object.entries(provider.authParams)) url.searchParams.set(name, value);
      return url;
    },
    validateAuthorizationCode(code, codeVerifier) {
      return withTimeout(
        provider.clientAuth === 'basic'
          ? client.validateAuthorizationCode(provider.tokenUrl, code, codeVerifier)
          : postTokenRequest(provider, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }),
      );
    },
    refreshAccessToken(refreshToken) {
      return withTimeout(
        provider.clientAuth === 'basic'
          ? client.refreshAccessToken(provider.tokenUrl, refreshToken, [])
          : postTokenRequest(provider, { grant_type: 'refresh_token', refresh_token: refreshToken }),
      );
    },
  };
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ArcticFetchError(new Error(`no answer within ${TOKEN_TIMEOUT_MS / 1000} s`))), TOKEN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A token request with the client credentials in the form body (client_secret_post), answered with
 * the same results and errors as arctic's own token requests.
 */
async function postTokenRequest(provider: ChannelProvider, params: Record<string, string>): Promise<OAuth2Tokens> {
  const body = new URLSearchParams({ ...params, client_id: provider.clientId, client_secret: provider.clientSecret });
  let response: Response;
  try {
    response = await fetch(provider.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'User-Agent': 'hookline' },
      body,
      // Never to another address: a Mastodon instance is named by a user.
      redirect: 'manual',
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ArcticFetchError(error);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (response.status === 400 || response.status === 401) {
    if (isRecord(data) && typeof data.error === 'string') {
      const description = typeof data.error_description === 'string' ? data.error_description : null;
      throw new OAuth2RequestError(data.error, description, null, null);
    }
    throw new UnexpectedErrorResponseBodyError(response.status, data);
  }
  if (response.status === 200 && isRecord(data)) return new OAuth2Tokens(data);
  throw new UnexpectedResponseError(response.status);
}

/**
 * rejected: the provider refused the grant (invalid_grant, revoked, any 400/401): only a reconnect helps.
 * unavailable: network failure, timeout, 5xx or a garbled answer: worth trying again later.
 */
export type TokenFailure = { kind: 'rejected' | 'unavailable'; detail: string };

export function classifyTokenError(error: unknown): TokenFailure {
  if (error instanceof OAuth2RequestError) {
    return { kind: 'rejected', detail: error.description ? `${error.code}: ${error.description}` : error.code };
  }
  if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError) {
    const kind = error.status === 400 || error.status === 401 ? 'rejected' : 'unavailable';
    return { kind, detail: `HTTP ${error.status}` };
  }
  if (error instanceof ArcticFetchError) {
    const cause = error.cause instanceof Error ? error.cause.message : '';
    return { kind: 'unavailable', detail: cause ? `network error: ${cause}` : 'network error' };
  }
  return { kind: 'unavailable', detail: error instanceof Error ? error.message : 'unexpected answer' };
}
