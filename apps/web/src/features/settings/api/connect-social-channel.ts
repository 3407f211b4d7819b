import type { TSocialProvider } from '@hookline/shared';
import { getActiveWorkspaceId } from '@/lib/active-workspace';

/**
 * Where the browser goes to connect a channel: a full navigation (not fetch), since the server
 * redirects on to the provider's consent screen and back to returnTo with ?connected= or ?channelError=.
 * A navigation cannot carry the workspace header, so the tab's workspace goes in the query. Mastodon
 * also needs the instance the account is on ("mastodon.social").
 */
export function connectSocialChannelPath(provider: TSocialProvider, returnTo?: string, instance?: string): string {
  const workspaceId = getActiveWorkspaceId();
  const params = new URLSearchParams({
    ...(returnTo ? { returnTo } : {}),
    ...(workspaceId ? { workspaceId } : {}),
    ...(instance ? { instance } : {}),
  });
  const query = params.toString() ? `?${params}` : '';
  return `/api/social/${provider}/auth${query}`;
}
