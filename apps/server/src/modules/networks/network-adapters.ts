import type { TSocialProvider } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import { createBlueskyAdapter } from './bluesky/bluesky-adapter.ts';
import { createInstagramAdapter } from './instagram/instagram-adapter.ts';
import { createLinkedInAdapter } from './linkedin/linkedin-adapter.ts';
import { createMastodonAdapter } from './mastodon/mastodon-adapter.ts';
import type { NetworkAdapter } from './network-adapter.ts';
import { createTwitterAdapter } from './twitter/twitter-adapter.ts';
import { createYouTubeAdapter } from './youtube/youtube-adapter.ts';

/** The adapters this server publishes with, by provider. */
export type NetworkAdapters = Partial<Record<TSocialProvider, NetworkAdapter>>;

/** Every network's adapter, on the API addresses the configuration names. */
export function createNetworkAdapters(config: AppConfig): NetworkAdapters {
  return {
    google: createYouTubeAdapter(config),
    linkedin: createLinkedInAdapter(config),
    twitter: createTwitterAdapter(config),
    instagram: createInstagramAdapter(config),
    mastodon: createMastodonAdapter(config),
    bluesky: createBlueskyAdapter(config),
  };
}
