import dns from 'node:dns';
import net from 'node:net';
import { PublishError } from '../publishing/channel-publisher.ts';
import { isPrivateAddress } from '../webhooks/ssrf-guard.ts';

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

/** The networks whose servers users name, with an example of what to type. */
const EXAMPLES = { Mastodon: 'such as mastodon.social or @you@mastodon.social', Bluesky: 'such as bsky.social or https://pds.example.com' };
export type InstanceNetwork = keyof typeof EXAMPLES;
/** "@you@mastodon.social" or "you@mastodon.social": the server is what follows the last @. */
const HANDLE = /^@?[^@\s/:]+@([^@\s/]+)$/;

/** The server part of what a user typed: a bare host, a handle, or an address with a scheme. */
function parseInstance(input: string, network: InstanceNetwork): URL {
  const handle = HANDLE.exec(input);
  const address = handle ? `https://${handle[1]}` : /^[a-z][a-z\d+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  try {
    return new URL(address);
  } catch {
    throw new InstanceUrlError(`"${input}" is not a ${network} server address; enter one ${EXAMPLES[network]}.`, 'invalid');
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
 * The Mastodon instance or Bluesky server a user named ("mastodon.social", "https://mastodon.social/",
 * "@you@mastodon.social") as https://host[:port]. Hookline then calls that server from this one, so
 * unless allowPrivate is set, only https and public hosts are accepted: the name is resolved and
 * every address it has must be public (no loopback, private, link-local or metadata addresses).
 * Throws an InstanceUrlError whose message says what to fix.
 */
export async function normalizeInstanceUrl(input: string, options: { allowPrivate: boolean; network?: InstanceNetwork }): Promise<string> {
  const network = options.network ?? 'Mastodon';
  const example = EXAMPLES[network];
  const typed = input.trim();
  if (!typed) throw new InstanceUrlError(`Enter your ${network} server's address, ${example}.`, 'invalid');
  const url = parseInstance(typed, network);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowPrivate)) {
    throw new InstanceUrlError(`${network} servers are reached over https://; "${typed}" is not an https address.`, 'invalid');
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new InstanceUrlError(`Enter only the server's address, ${example}; "${typed}" has more in it.`, 'invalid');
  }
  if (options.allowPrivate) return url.origin;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refused = new InstanceUrlError(
    `${url.host} is not a public server; Hookline only connects to public ${network} servers (CHANNEL_ALLOW_PRIVATE_INSTANCES=true allows private ones).`,
    'private',
  );
  if (host === 'localhost' || host.endsWith('.localhost') || (!net.isIP(host) && !host.includes('.'))) throw refused;
  const addresses = await resolveHost(host);
  if (addresses.length === 0)
    throw new InstanceUrlError(`Hookline could not find the server ${url.host}; check the address.`, 'unresolved');
  if (addresses.some(isPrivateAddress)) throw refused;
  return url.origin;
}

/**
 * A stored server address checked again before Hookline calls it (its name may point elsewhere by
 * now): the origin, or a PublishError (temporary while the name does not resolve).
 */
export async function checkedInstance(
  instanceUrl: string | null,
  options: { allowPrivate: boolean; network: InstanceNetwork },
): Promise<string> {
  if (!instanceUrl) throw new PublishError(`This ${options.network} channel has no server address. Reconnect the channel.`, false);
  try {
    return await normalizeInstanceUrl(instanceUrl, options);
  } catch (error) {
    if (!(error instanceof InstanceUrlError)) throw error;
    if (error.problem === 'unresolved') throw new PublishError(`${error.message} Hookline will try again.`, true);
    throw new PublishError(error.message, false);
  }
}
