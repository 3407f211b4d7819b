import type { TSocialProvider } from '@hookline/shared';

/**
 * Where the browser goes to connect a channel: a full navigation (not fetch), since the server
 * redirects on to the provider's consent screen and back to returnTo with ?connected= or ?channelError=.
 */
export function connectSocialChannelPath(provider: TSocialProvider, returnTo?: string): string {
  const query = returnTo ? `?${new URLSearchParams({ returnTo })}` : '';
  return `/api/social/${provider}/auth${query}`;
}
