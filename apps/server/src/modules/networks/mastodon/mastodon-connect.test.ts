import dns from 'node:dns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstanceUrlError, normalizeInstanceUrl } from '../instance-url.ts';
import { mastodonOAuthEndpoints } from './mastodon-connect.ts';

/** A stand-in resolver: the tests never depend on this machine's DNS. */
const ANSWERS: Record<string, string[]> = {
  'mastodon.social': ['151.101.2.132', '2a04:4e42::644'],
  'social.example.org': ['203.0.114.7'],
  'rebound.example.org': ['151.101.2.132', '10.0.0.8'],
  'metadata.example.org': ['169.254.169.254'],
  'v6-loopback.example.org': ['::1'],
};

beforeEach(() => {
  vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
    const addresses = ANSWERS[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as unknown as typeof dns.promises.lookup);
});
afterEach(() => vi.restoreAllMocks());

const publicOnly = { allowPrivate: false };

async function refusal(input: string, options = publicOnly): Promise<InstanceUrlError> {
  const error = await normalizeInstanceUrl(input, options).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InstanceUrlError);
  return error as InstanceUrlError;
}

describe('normalizeInstanceUrl', () => {
  it.each([
    ['mastodon.social', 'https://mastodon.social'],
    ['  Mastodon.Social  ', 'https://mastodon.social'],
    ['https://mastodon.social/', 'https://mastodon.social'],
    ['https://mastodon.social', 'https://mastodon.social'],
    ['@alice@mastodon.social', 'https://mastodon.social'],
    ['alice@mastodon.social', 'https://mastodon.social'],
    ['https://mastodon.social:443/', 'https://mastodon.social'],
    ['social.example.org:8443', 'https://social.example.org:8443'],
    ['https://151.101.2.132', 'https://151.101.2.132'],
  ])('takes %j as %s', async (input, expected) => {
    expect(await normalizeInstanceUrl(input, publicOnly)).toBe(expected);
  });

  it('checks every address the name resolves to', async () => {
    await normalizeInstanceUrl('mastodon.social', publicOnly);
    expect(dns.promises.lookup).toHaveBeenCalledWith('mastodon.social', { all: true });
  });

  it.each([
    ['', 'invalid', "Enter your Mastodon server's address, such as mastodon.social or @you@mastodon.social."],
    ['http://mastodon.social', 'invalid', 'Mastodon servers are reached over https://; "http://mastodon.social" is not an https address.'],
    ['ftp://mastodon.social', 'invalid', 'Mastodon servers are reached over https://; "ftp://mastodon.social" is not an https address.'],
    [
      'https://mastodon.social/@alice',
      'invalid',
      'Enter only the server\'s address, such as mastodon.social or @you@mastodon.social; "https://mastodon.social/@alice" has more in it.',
    ],
    [
      'https://user:secret@mastodon.social',
      'invalid',
      'Enter only the server\'s address, such as mastodon.social or @you@mastodon.social; "https://user:secret@mastodon.social" has more in it.',
    ],
    ['https://mastodon.social/?x=1', 'invalid', expect.stringContaining('has more in it')],
    [
      'not a server',
      'invalid',
      '"not a server" is not a Mastodon server address; enter one such as mastodon.social or @you@mastodon.social.',
    ],
    ['missing.example.org', 'unresolved', 'Hookline could not find the server missing.example.org; check the address.'],
  ])('refuses %j (%s)', async (input, problem, message) => {
    const error = await refusal(input);
    expect(error.problem).toBe(problem);
    expect(error.message).toEqual(message);
  });

  it.each([
    'localhost',
    'https://localhost:3000',
    'api.localhost',
    'intranet',
    '127.0.0.1',
    'https://[::1]',
    '10.1.2.3',
    '192.168.1.10:8080',
    '169.254.169.254',
    '[fe80::1]',
    'rebound.example.org',
    'metadata.example.org',
    'v6-loopback.example.org',
  ])('refuses the private target %j', async (input) => {
    const error = await refusal(input);
    expect(error.problem).toBe('private');
    expect(error.message).toMatch(/is not a public server; Hookline only connects to public Mastodon servers/);
  });

  it('takes private servers and http when they are allowed, without resolving them', async () => {
    const allowPrivate = { allowPrivate: true };
    expect(await normalizeInstanceUrl('http://127.0.0.1:4010/', allowPrivate)).toBe('http://127.0.0.1:4010');
    expect(await normalizeInstanceUrl('localhost:3000', allowPrivate)).toBe('https://localhost:3000');
    expect(await normalizeInstanceUrl('@bob@mastodon.internal', allowPrivate)).toBe('https://mastodon.internal');
    expect(dns.promises.lookup).not.toHaveBeenCalled();
    expect((await refusal('http://127.0.0.1:4010/path', allowPrivate)).problem).toBe('invalid');
  });
});

describe('mastodonOAuthEndpoints', () => {
  it("names the instance's OAuth endpoints and Hookline's scopes", () => {
    expect(mastodonOAuthEndpoints('https://mastodon.social')).toEqual({
      authUrl: 'https://mastodon.social/oauth/authorize',
      tokenUrl: 'https://mastodon.social/oauth/token',
      revokeUrl: 'https://mastodon.social/oauth/revoke',
      scopes: 'read write',
    });
  });
});
