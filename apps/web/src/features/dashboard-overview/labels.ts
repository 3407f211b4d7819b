import type { TDraftChannel, TDraftType } from '@hookline/shared';

export const CHANNEL_LABELS: Record<TDraftChannel, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

export const TYPE_NOUNS: Record<TDraftType, string> = { post: 'post', reel: 'reel', thread: 'thread', video: 'video' };

/** Numbers for the cards that have no data source yet, shown with a 'Sample data' label (SPEC: Overview). */
export const SAMPLE_STATS = { dmFollowUps: 14, appointments: 3 } as const;
