import type { TDraftChannel, TDraftType } from '@hookline/shared';

export const CHANNEL_LABELS: Record<TDraftChannel, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/** SPEC: Content, Create panel types Post, Reel/Short, Thread, Video. */
export const TYPE_LABELS: Record<TDraftType, string> = { post: 'Post', reel: 'Reel/Short', thread: 'Thread', video: 'Video' };

export const TYPE_HINTS: Record<TDraftType, string> = {
  post: 'An image or text post',
  reel: 'A vertical short video',
  thread: 'A series of short posts',
  video: 'A long-form video',
};

export const TEXT_PLACEHOLDERS: Record<TDraftType, string> = {
  post: 'Write the caption…',
  reel: 'Hook and caption for the reel…',
  thread: 'Start the thread…',
  video: 'Title and description…',
};
