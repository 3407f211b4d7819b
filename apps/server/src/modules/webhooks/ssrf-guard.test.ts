import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertPublicWebhookUrl, guardedLookup, isPrivateAddress, REFUSED_TARGET_MESSAGE } from './ssrf-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    // IPv6 forms embedding an IPv4 address: compatible, translated, 6to4, Teredo; deprecated site-local.
    '::127.0.0.1',
    '::ffff:0:7f00:1',
    '::ffff:0:a00:1',
    '2002:7f00:1::',
    '2001::1',
    'fec0::1',
    '192.88.99.1',
    // NAT64: the well-known prefix embedding a private address, and the local-use prefix, whose translator may reach anything.
    '64:ff9b::10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::1',
    '64:ff9b:1::a00:1',
    '64:ff9b:1:ffff::8.8.8.8',
    // The rest of the IANA IPv4 and IPv6 special-purpose registries that is not globally reachable.
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '240.0.0.1',
    '255.255.255.255',
    '100::1',
    '100:0:0:1::1',
    '2001:2::1',
    '2001:10::1',
    '2001:db8::1',
    '3fff::1',
    '5f00::1',
    'ff02::1',
    'not-an-ip',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '2001:200::1', '::ffff:8.8.8.8', '::ffff:808:808'])(
    '%s is public',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

/** Names answered by a stand-in resolver, so each case is the same on every machine. */
const RESOLVES: Record<string, string[]> = {
  'private.example': ['10.1.2.3'],
  'mixed.example': ['93.184.215.14', '192.168.1.9'],
  'nat64.example': ['64:ff9b:1::a01:203'],
  'public.example': ['93.184.215.14'],
};
const answerFor = (hostname: string) => RESOLVES[hostname]?.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const notFound = (hostname: string) => Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });

describe('one message for every refused target', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    'http://127.0.0.1/hook',
    'http://[64:ff9b:1::a00:1]/hook',
    'http://[::ffff:a00:1]/hook',
    'http://private.example/hook',
    'http://mixed.example/hook',
    'http://nat64.example/hook',
    'http://missing.example/hook',
  ])('refuses %s with the same words, naming no address', async (url) => {
    vi.spyOn(dns.promises, 'lookup').mockImplementation((async (hostname: string) => {
      const answer = answerFor(hostname);
      if (!answer) throw notFound(hostname);
      return answer;
    }) as unknown as typeof dns.promises.lookup);
    await expect(assertPublicWebhookUrl(url, false)).rejects.toMatchObject({
      statusCode: 400,
      message: `webhookUrl ${REFUSED_TARGET_MESSAGE}`,
    });
  });

  it('accepts a name that resolves to public addresses only, and anything when private targets are allowed', async () => {
    vi.spyOn(dns.promises, 'lookup').mockResolvedValue(answerFor('public.example') as never);
    await expect(assertPublicWebhookUrl('https://public.example/hook', false)).resolves.toBeUndefined();
    await expect(assertPublicWebhookUrl('http://10.0.0.1/hook', true)).resolves.toBeUndefined();
  });
});

describe('guardedLookup', () => {
  const lookup = (allowPrivate: boolean, host: string) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup(allowPrivate)(host, { all: true }, (error, address) => resolve({ error, address })),
    );
  const standInResolver = () =>
    vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, _options: unknown, callback: (...args: unknown[]) => void) => {
      const answer = answerFor(hostname);
      if (answer) callback(null, answer);
      else callback(notFound(hostname));
    }) as unknown as typeof dns.lookup);
  afterEach(() => vi.restoreAllMocks());

  it('refuses a name that resolves to loopback at connect time', async () => {
    const { error } = await lookup(false, 'localhost');
    expect(error?.code).toBe('EPRIVATE');
    expect(error?.message).toBe(`the webhook URL ${REFUSED_TARGET_MESSAGE}`);
  });

  it('refuses a private answer and a missing name alike, naming neither the host nor an address', async () => {
    standInResolver();
    const refusals = await Promise.all(['private.example', 'nat64.example', 'missing.example'].map((host) => lookup(false, host)));
    expect(refusals.map(({ error }) => [error?.code, error?.message])).toEqual(
      Array(3).fill(['EPRIVATE', `the webhook URL ${REFUSED_TARGET_MESSAGE}`]),
    );
  });

  it('passes a public answer on, and DNS errors as they are when private targets are allowed', async () => {
    standInResolver();
    expect(await lookup(false, 'public.example')).toEqual({ error: null, address: answerFor('public.example') });
    expect((await lookup(true, 'missing.example')).error?.code).toBe('ENOTFOUND');
  });

  it('lets it through when private targets are allowed', async () => {
    const { error, address } = await lookup(true, 'localhost');
    expect(error).toBeNull();
    expect(Array.isArray(address) && address.length > 0).toBe(true);
  });
});
