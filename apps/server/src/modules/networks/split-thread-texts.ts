import type { PostShape } from './network-adapter.ts';

/** A line that holds only `---` separates a thread's parts. */
const THREAD_SEPARATOR = /^---[ \t]*$/m;

/**
 * The texts of the posts a draft becomes on networks that thread replies (X, Bluesky): a thread's
 * parts in order (each a reply to the one before), or the one text of any other draft. Blank parts are left out; a post with media only
 * has no text at all.
 */
export function splitThreadTexts(post: Pick<PostShape, 'type' | 'text'>): string[] {
  const text = post.text.replace(/\r\n?/g, '\n');
  const parts = post.type === 'thread' ? text.split(THREAD_SEPARATOR) : [text];
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}
