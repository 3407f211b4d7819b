import { PublishError } from '../../publishing/channel-publisher.ts';
import { callNetwork, readJson } from '../network-http.ts';
import { explainMastodonRefusal } from './mastodon-errors.ts';

/** What Hookline asks of a Mastodon account: reading its profile and posts' figures, posting. */
export const MASTODON_SCOPES = 'read write';

/** Hookline's OAuth client at one Mastodon server. */
export interface MastodonApp {
  clientId: string;
  clientSecret: string;
}

/**
 * Registers Hookline with a Mastodon server (POST /api/v1/apps), as every client must before its
 * users sign in there. The website shown to users is where the redirect goes back to.
 */
export async function registerMastodonApp(instanceUrl: string, redirectUri: string, signal: AbortSignal): Promise<MastodonApp> {
  const response = await callNetwork(
    `${instanceUrl}/api/v1/apps`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_name: 'Hookline',
        redirect_uris: redirectUri,
        scopes: MASTODON_SCOPES,
        website: new URL(redirectUri).origin,
      }),
    },
    { label: `Mastodon at ${new URL(instanceUrl).host}`, signal, explain: explainMastodonRefusal("Hookline's registration") },
  );
  const app = await readJson<{ client_id?: string; client_secret?: string }>(response, 'Mastodon');
  if (!app.client_id || !app.client_secret) {
    throw new PublishError(`Mastodon at ${instanceUrl} registered Hookline without a client id and secret.`, false);
  }
  return { clientId: app.client_id, clientSecret: app.client_secret };
}

/**
 * Where a Mastodon server's users sign in and Hookline gets their tokens. Mastodon 4.3+ takes PKCE
 * (S256); its tokens do not expire and come without a refresh token; /oauth/revoke ends one.
 */
export function mastodonOAuthEndpoints(instanceUrl: string): { authUrl: string; tokenUrl: string; revokeUrl: string; scopes: string } {
  return {
    authUrl: `${instanceUrl}/oauth/authorize`,
    tokenUrl: `${instanceUrl}/oauth/token`,
    revokeUrl: `${instanceUrl}/oauth/revoke`,
    scopes: MASTODON_SCOPES,
  };
}
