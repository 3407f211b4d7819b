import type { PostMedia } from '../network-adapter.ts';

/** X's media categories for a post: they set the size and duration limits X enforces at upload. */
export type TwitterMediaCategory = 'tweet_image' | 'tweet_gif' | 'tweet_video';

export const TWITTER_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
export const TWITTER_VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime']);

/**
 * How X takes one file of a post: a GIF on its own is an animated GIF (up to 15 MB, processed like
 * a video); beside other images it counts as one of the post's photos.
 */
export function mediaCategoryOf(media: Pick<PostMedia, 'type'>, mediaCount: number): TwitterMediaCategory | null {
  if (TWITTER_VIDEO_TYPES.has(media.type)) return 'tweet_video';
  if (media.type === 'image/gif' && mediaCount === 1) return 'tweet_gif';
  return TWITTER_IMAGE_TYPES.has(media.type) ? 'tweet_image' : null;
}
