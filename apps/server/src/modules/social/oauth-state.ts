import type { TSocialProvider } from '@hookline/shared';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box.ts';

/** The provider's consent screen must be finished within this time. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
/** Sent to /api/social/{provider}/auth and /callback only. */
export const OAUTH_STATE_COOKIE_PATH = '/api/social';
export const oauthStateCookieName = (provider: TSocialProvider) => `hookline_channel_${provider}`;
const CONTEXT = 'social-oauth-state';

/** What the browser carries through the provider's consent screen (sealed: it can neither read nor change it). */
export interface OAuthState {
  provider: TSocialProvider;
  state: string;
  codeVerifier: string;
  returnTo: string;
  /** The user who started; a callback in another user's session is refused. */
  userId: string;
  /**
   * The workspace the connection is for, chosen at the start: the callback is a redirect from the
   * provider and cannot carry the workspace header. Absent in states sealed before it existed.
   */
  workspaceId?: string;
  /** The Mastodon instance being connected (its client and endpoints are that instance's). */
  instanceUrl?: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

export function sealOAuthState(box: SecretBox, value: OAuthState): string {
  return box.seal(JSON.stringify(value), CONTEXT);
}

/** The state, or null when the cookie is missing, forged, tampered with or expired. */
export function openOAuthState(box: SecretBox, sealed: string | undefined, now = Date.now()): OAuthState | null {
  if (!sealed) return null;
  try {
    const value = JSON.parse(box.open(sealed, CONTEXT)) as OAuthState;
    return typeof value.expiresAt === 'number' && value.expiresAt > now ? value : null;
  } catch (error) {
    if (error instanceof SecretBoxError || error instanceof SyntaxError) return null;
    throw error;
  }
}

export const DEFAULT_RETURN_PATH = '/dashboard/settings';

/** Only a dashboard page of this app (no scheme, host, query or '//'): never an open redirect. */
export function safeReturnPath(raw: string | undefined): string {
  return raw && /^\/dashboard(\/[A-Za-z0-9_-]+)*$/.test(raw) ? raw : DEFAULT_RETURN_PATH;
}
