import dns from 'node:dns';
import net from 'node:net';
import { PublishError } from '../../publishing/channel-publisher.ts';
import { isPrivateAddress } from '../../webhooks/ssrf-guard.ts';
import { callNetwork, readJson } from '../network-http.ts';
import { explainMastodonRefusal } from './mastodon-errors.ts';

/** What Hookline asks of a Mastodon account: reading its profile and posts' figures, posting. */
export const MASTODON_SCOPES = 'read write';

/** Why an address was refused: not a server address, a private target, or a name that does not resolve. */
export type InstanceUrlProblem = 'invalid' | 'private' | 'unresolved';

export class InstanceUrlError extends Error {
  constructor(
    message: string,
    readonly problem: InstanceUrlProblem,
  ) {
    super(message);
    this.name = 'InstanceUrlError';
  }
}

const EXAMPLE = 'such as mastodon.social or @you@mastodon.social';
/** "@you@mastodon.social" or "you@mastodon.social": the server is what follows the last @. */
const HANDLE = /^@?[^@\s/:]+@([^@\s/]+)$/;

/** The server part of what a user typed: a bare host, a handle, or an address with a scheme. */
function parseInstance(input: string): URL {
  const handle = HANDLE.exec(input);
  const address = handle ? `https://${handle[1]}` : /^[a-z][a-z\d+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  try {
    return new URL(address);
  } catch {
    throw new InstanceUrlError(`"${input}" is not a Mastodon server address; enter one ${EXAMPLE}.`, 'invalid');
  }
}

/** Every address a host name resolves to; an IP address is its own. */
async function resolveHost(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  try {
    return (await dns.promises.lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/**
 * The Mastodon server a user named ("mastodon.social", "https://mastodon.social/",
 * "@you@mastodon.social") as https://host[:port]. Hookline then calls that server from this one, so
 * unless allowPrivate is set, only https and public hosts are accepted: the name is resolved and
 * every address it has must be public (no loopback, private, link-local or metadata addresses).
 * Throws an InstanceUrlError whose message says what to fix.
 */
export async function normalizeInstanceUrl(input: string, options: { allowPrivate: boolean }): Promise<string> {
  const typed = input.trim();
  if (!typed) throw new InstanceUrlError(`Enter your Mastodon server's address, ${EXAMPLE}.`, 'invalid');
  const url = parseInstance(typed);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowPrivate)) {
    throw new InstanceUrlError(`Mastodon servers are reached over https://; "${typed}" is not an https address.`, 'invalid');
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new InstanceUrlError(`Enter only the server's address, ${EXAMPLE}; "${typed}" has more in it.`, 'invalid');
  }
  if (options.allowPrivate) return url.origin;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refused = new InstanceUrlError(
    `${url.host} is not a public server; Hookline only connects to public Mastodon servers (CHANNEL_ALLOW_PRIVATE_INSTANCES=true allows private ones).`,
    'private',
  );
  if (host === 'localhost' || host.endsWith('.localhost') || (!net.isIP(host) && !host.includes('.'))) throw refused;
  const addresses = await resolveHost(host);
  if (addresses.length === 0)
    throw new InstanceUrlError(`Hookline could not find the server ${url.host}; check the address.`, 'unresolved');
  if (addresses.some(isPrivateAddress)) throw refused;
  return url.origin;
}

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
