import type { TDraftType } from '@hookline/shared';

export const TYPE_NOUNS: Record<TDraftType, string> = { post: 'post', reel: 'reel', thread: 'thread', video: 'video' };

/** Numbers for the Overview cards that have no data source yet, shown with a 'Sample data' label. */
export const SAMPLE_STATS = { dmFollowUps: 14, appointments: 3 } as const;
