import type { TDraftChannel, TDraftType } from '@hookline/shared';

export const CHANNEL_LABELS: Record<TDraftChannel, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

export const CHANNEL_COLORS: Record<TDraftChannel, string> = {
  instagram: 'bg-pink-500',
  twitter: 'bg-sky-500',
  youtube: 'bg-red-500',
  linkedin: 'bg-blue-700',
};

export const TYPE_LABELS: Record<TDraftType, string> = { post: 'Post', reel: 'Reel/Short', thread: 'Thread', video: 'Video' };
