import { describe, expect, it } from 'vitest';
import { accountName, accountsOf, currentAccount, duplicateTargets } from './destinations';
import { makeConnection } from './test-server';

const olive = makeConnection({ provider: 'linkedin', handle: 'Olive Owner' });
const bakery = makeConnection({ provider: 'linkedin', handle: 'Acme Bakery', status: 'needs_reauth' });
const tv = makeConnection({ provider: 'google', handle: 'Acme TV' });
const demo = makeConnection({ provider: 'instagram', handle: '@demo', demo: true });
const CONNECTIONS = [olive, bakery, tv, demo];

describe('accountsOf and currentAccount', () => {
  it("finds a channel's accounts by provider, leaving out demo channels", () => {
    expect(accountsOf('youtube', CONNECTIONS)).toEqual([tv]);
    expect(accountsOf('linkedin', CONNECTIONS)).toEqual([olive, bakery]);
    expect(accountsOf('instagram', CONNECTIONS)).toEqual([]);
  });

  it('takes the account a draft names while it is there, else the first', () => {
    const accounts = [olive, bakery];
    expect(currentAccount({ connectionId: bakery.id }, accounts)).toBe(bakery);
    expect(currentAccount({ connectionId: null }, accounts)).toBe(olive);
    expect(currentAccount({ connectionId: 'removed' }, accounts)).toBe(olive);
    expect(currentAccount({ connectionId: null }, [])).toBeNull();
  });

  it('says when an account needs reconnecting', () => {
    expect(accountName(olive)).toBe('Olive Owner');
    expect(accountName(bakery)).toBe('Acme Bakery (Re-auth needed)');
  });
});

describe('duplicateTargets', () => {
  const targets = (draft: Parameters<typeof duplicateTargets>[0]) =>
    duplicateTargets(draft, CONNECTIONS).map(({ channel, connectionId }) => [channel, connectionId]);

  it('offers each other channel, once per account where it has several', () => {
    expect(targets({ channel: 'instagram', connectionId: null })).toEqual([
      ['twitter', null],
      ['youtube', null],
      ['linkedin', olive.id],
      ['linkedin', bakery.id],
      ['mastodon', null],
      ['bluesky', null],
    ]);
  });

  it("offers the other accounts of the draft's own channel", () => {
    expect(targets({ channel: 'linkedin', connectionId: bakery.id })).toContainEqual(['linkedin', olive.id]);
    expect(targets({ channel: 'linkedin', connectionId: bakery.id })).not.toContainEqual(['linkedin', bakery.id]);
    expect(targets({ channel: 'linkedin', connectionId: null })).toContainEqual(['linkedin', bakery.id]);
    expect(targets({ channel: 'youtube', connectionId: null }).map(([channel]) => channel)).not.toContain('youtube');
  });
});
