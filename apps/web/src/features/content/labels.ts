import type { TDraft, TDraftType } from '@hookline/shared';
import { CHANNEL_LABELS, TYPE_LABELS } from '@/lib/channel-labels';

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

/** A draft as a sentence names it: "Instagram post", "Twitter reel/short". */
export const draftName = (draft: Pick<TDraft, 'channel' | 'type'>) =>
  `${CHANNEL_LABELS[draft.channel]} ${TYPE_LABELS[draft.type].toLowerCase()}`;
