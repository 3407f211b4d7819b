import dns from 'node:dns';
import net from 'node:net';
import { HttpError } from '../../lib/http-error.ts';

/** Loopback, private, link-local (cloud metadata), CGNAT, multicast and reserved ranges. */
const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
// Also the IPv6 forms that embed an IPv4 address, which could reach a private host when translated:
// IPv4-compatible (::a.b.c.d, also covering :: and ::1), IPv4-translated, 6to4 and Teredo; and the
// deprecated site-local and the discard ranges.
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['100::', 64],
  ['2001::', 32],
  ['2002::', 16],
  ['fec0::', 10],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_TARGET_MESSAGE = 'points at a private, loopback or link-local address; set WEBHOOK_ALLOW_PRIVATE=true to allow it';

/**
 * A dns.lookup for http(s).request that refuses private targets at connect time, so a host that
 * resolves differently later (DNS rebinding) cannot slip through a check made earlier.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad && !allowPrivate) {
        return callback(Object.assign(new Error(`${hostname} (${bad.address}) ${PRIVATE_TARGET_MESSAGE}`), { code: 'EPRIVATE' }), '', 0);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** Checks a URL before it is saved: http(s) only, and its host must not resolve to a private address. */
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
        () => {
          throw new HttpError(400, `webhookUrl: the host ${host} could not be resolved`);
        },
      );
  if (addresses.some(isPrivateAddress)) throw new HttpError(400, `webhookUrl ${PRIVATE_TARGET_MESSAGE}`);
}
