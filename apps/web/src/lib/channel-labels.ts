import type { TDraftChannel, TDraftType, TSocialConnectionStatus } from '@hookline/shared';

/** Display names of the draft channels. */
export const CHANNEL_LABELS: Record<TDraftChannel, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
};

/** Display names of the draft types, as the Content page's Create panel offers them. */
export const TYPE_LABELS: Record<TDraftType, string> = { post: 'Post', reel: 'Reel/Short', thread: 'Thread', video: 'Video' };

/** Display names of a channel connection's status: needs_reauth reads 'Re-auth needed'. */
export const CONNECTION_STATUS_LABELS: Record<TSocialConnectionStatus, string> = {
  connected: 'Connected',
  needs_reauth: 'Re-auth needed',
  disconnected: 'Disconnected',
};
