import { describe, expect, it } from 'vitest';
import { parseChannelProfile } from './fetch-channel-profile.ts';

describe('parseChannelProfile', () => {
  it('reads a YouTube channels list: channel id, @customUrl before title', () => {
    const body = { items: [{ id: 'UC123', snippet: { title: 'Acme Studio', customUrl: '@acmestudio' } }] };
    expect(parseChannelProfile(body)).toEqual({ accountId: 'UC123', handle: '@acmestudio' });
    const untitled = { items: [{ id: 'UC123', snippet: { title: 'Acme Studio' } }] };
    expect(parseChannelProfile(untitled)).toEqual({ accountId: 'UC123', handle: 'Acme Studio' });
  });

  it('reads OpenID userinfo (LinkedIn): sub with name, else email, else preferred_username, else sub', () => {
    expect(parseChannelProfile({ sub: 'li-1', name: 'Lee Linked', email: 'lee@x.test' })).toEqual({
      accountId: 'li-1',
      handle: 'Lee Linked',
    });
    expect(parseChannelProfile({ sub: 'li-1', email: 'lee@x.test', preferred_username: 'lee' })).toEqual({
      accountId: 'li-1',
      handle: 'lee@x.test',
    });
    expect(parseChannelProfile({ sub: 'li-1', preferred_username: 'lee' })).toEqual({ accountId: 'li-1', handle: 'lee' });
    expect(parseChannelProfile({ sub: 'johndoe' })).toEqual({ accountId: 'johndoe', handle: 'johndoe' });
  });

  it('answers null for anything else', () => {
    for (const body of [null, 'text', [], {}, { items: [] }, { items: ['x'] }, { name: 'no sub' }, { sub: '  ' }]) {
      expect(parseChannelProfile(body), JSON.stringify(body)).toBeNull();
    }
  });

  it('keeps handles to 200 characters', () => {
    expect(parseChannelProfile({ sub: 's', name: 'n'.repeat(500) })?.handle).toHaveLength(200);
  });
});
