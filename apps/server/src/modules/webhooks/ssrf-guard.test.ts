import { describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress } from './ssrf-guard.ts';

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
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    // IPv6 forms embedding an IPv4 address: compatible, translated, 6to4, Teredo; deprecated site-local.
    '::127.0.0.1',
    '::ffff:0:7f00:1',
    '2002:7f00:1::',
    '2001::1',
    'fec0::1',
    '192.88.99.1',
    'not-an-ip',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('guardedLookup', () => {
  const lookup = (allowPrivate: boolean, host: string) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup(allowPrivate)(host, { all: true }, (error, address) => resolve({ error, address })),
    );

  it('refuses a name that resolves to loopback at connect time', async () => {
    const { error } = await lookup(false, 'localhost');
    expect(error?.code).toBe('EPRIVATE');
    expect(error?.message).toMatch(/private, loopback or link-local/);
  });

  it('lets it through when private targets are allowed', async () => {
    const { error, address } = await lookup(true, 'localhost');
    expect(error).toBeNull();
    expect(Array.isArray(address) && address.length > 0).toBe(true);
  });
});
