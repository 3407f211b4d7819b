import type { TDraftType } from '@hookline/shared';

export const TYPE_NOUNS: Record<TDraftType, string> = { post: 'post', reel: 'reel', thread: 'thread', video: 'video' };

/** Numbers for the cards that have no data source yet, shown with a 'Sample data' label (SPEC: Overview). */
export const SAMPLE_STATS = { dmFollowUps: 14, appointments: 3 } as const;
