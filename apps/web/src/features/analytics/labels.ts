import type { TDraftChannel } from '@hookline/shared';

export const CHANNEL_COLORS: Record<TDraftChannel, string> = {
  instagram: 'bg-pink-500',
  twitter: 'bg-sky-500',
  youtube: 'bg-red-500',
  linkedin: 'bg-blue-700',
  mastodon: 'bg-violet-600',
  bluesky: 'bg-blue-500',
};
