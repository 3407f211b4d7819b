import dns from 'node:dns';
import net from 'node:net';
import { HttpError } from '../../lib/http-error.ts';

/**
 * The IPv4 ranges of IANA's special-purpose registry that are not globally reachable, plus multicast
 * and the reserved class E (with the limited broadcast address).
 */
const SPECIAL_IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast address
];

/**
 * The special-purpose IPv6 ranges inside global unicast (2000::/3); everything outside it is refused
 * whole, which covers the rest of IANA's registry: the unspecified and loopback addresses,
 * IPv4-compatible and IPv4-translated forms, both NAT64 prefixes (64:ff9b::/96 and the local-use
 * 64:ff9b:1::/48, whose translator may lead anywhere), discard and dummy prefixes, SRv6 SIDs,
 * unique-local, site-local, link-local and multicast.
 */
const SPECIAL_IPV6_IN_GLOBAL_UNICAST: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID and a few anycast services
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds an IPv4 address
  ['3fff::', 20], // documentation
];

const ipv4Blocked = new net.BlockList();
for (const [network, prefix] of SPECIAL_IPV4) ipv4Blocked.addSubnet(network, prefix, 'ipv4');
const ipv6Blocked = new net.BlockList();
for (const [network, prefix] of SPECIAL_IPV6_IN_GLOBAL_UNICAST) ipv6Blocked.addSubnet(network, prefix, 'ipv6');
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const ipv4Mapped = new net.BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** Whether a webhook may not connect to this address; anything that is not an IP address counts as private. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return ipv4Blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4-mapped address (::ffff:a.b.c.d, in either notation) reaches that IPv4 host: BlockList
  // checks such an address against its IPv4 ranges.
  if (ipv4Mapped.check(address, 'ipv6')) return ipv4Blocked.check(address, 'ipv6');
  return !globalUnicast.check(address, 'ipv6') || ipv6Blocked.check(address, 'ipv6');
}

/**
 * The one text of every refused target, whether the host is a private address, resolves to one or
 * does not resolve at all: different words would tell an admin how this server's DNS sees a name.
 */
export const REFUSED_TARGET_MESSAGE =
  'must point at a public host that this server can resolve; set WEBHOOK_ALLOW_PRIVATE=true to allow private, loopback or link-local targets';

/** The connect-time refusal, for the delivery log: the same words, with a code that tells it from network errors. */
export function createRefusedTargetError(): NodeJS.ErrnoException {
  return Object.assign(new Error(`the webhook URL ${REFUSED_TARGET_MESSAGE}`), { code: 'EPRIVATE' });
}

/**
 * A dns.lookup for http(s).request that refuses private targets at connect time, so a host that
 * resolves differently later (DNS rebinding) cannot slip through a check made earlier.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && (error || list.length === 0 || list.some((a) => isPrivateAddress(a.address)))) {
        return callback(createRefusedTargetError(), '', 0);
      }
      if (error) return callback(error, '', 0);
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** Checks a URL before it is saved: http(s) only, and its host must resolve to public addresses only. */
export async function assertPublicWebhookUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (!url) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HttpError(400, 'webhookUrl must be an http(s) URL or empty');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new HttpError(400, 'webhookUrl must be an http(s) URL or empty');
  if (allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [host]
    : await dns.promises.lookup(host, { all: true }).then(
        (list) => list.map((a) => a.address),
        () => [],
      );
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new HttpError(400, `webhookUrl ${REFUSED_TARGET_MESSAGE}`);
}
