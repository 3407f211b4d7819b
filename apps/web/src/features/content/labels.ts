import type { TDraftType } from '@hookline/shared';

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

/** "1 draft", "3 drafts". */
export const countDrafts = (count: number) => (count === 1 ? '1 draft' : `${count} drafts`);
