import { afterEach, describe, expect, it } from 'vitest';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { connectSocialChannelPath } from './connect-social-channel';

describe('connectSocialChannelPath', () => {
  afterEach(() => clearActiveWorkspace());

  it('names no workspace for a client in their own', () => {
    expect(connectSocialChannelPath('google')).toBe('/api/social/google/auth');
    expect(connectSocialChannelPath('linkedin', '/dashboard/settings')).toBe('/api/social/linkedin/auth?returnTo=%2Fdashboard%2Fsettings');
  });

  it("carries the tab's workspace in the query, since a navigation sends no header", () => {
    openWorkspaceForTest('ws-42', '/dashboard/settings');
    expect(connectSocialChannelPath('google', '/dashboard/settings')).toBe(
      '/api/social/google/auth?returnTo=%2Fdashboard%2Fsettings&workspaceId=ws-42',
    );
  });

  it("names a Mastodon account's instance", () => {
    expect(connectSocialChannelPath('mastodon', '/dashboard/settings', 'mastodon.social')).toBe(
      '/api/social/mastodon/auth?returnTo=%2Fdashboard%2Fsettings&instance=mastodon.social',
    );
  });
});
