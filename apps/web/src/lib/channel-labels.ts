import type { TDraftChannel, TDraftType, TSocialConnectionStatus } from '@hookline/shared';

/** Display names of the draft channels. */
export const CHANNEL_LABELS: Record<TDraftChannel, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/** SPEC: Content, Create panel types Post, Reel/Short, Thread, Video. */
export const TYPE_LABELS: Record<TDraftType, string> = { post: 'Post', reel: 'Reel/Short', thread: 'Thread', video: 'Video' };

/** SPEC section 4: connected, needs_reauth (shown 'Re-auth needed'), disconnected. */
export const CONNECTION_STATUS_LABELS: Record<TSocialConnectionStatus, string> = {
  connected: 'Connected',
  needs_reauth: 'Re-auth needed',
  disconnected: 'Disconnected',
};
