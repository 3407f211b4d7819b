import type { PostMediaFacts, PostShape } from '../network-adapter.ts';
import { splitThreadTexts } from '../split-thread-texts.ts';
import { countGraphemes } from '../count-graphemes.ts';

/**
 * Bluesky's limits for a post, from its lexicons (the schemas every PDS checks records and blobs
 * against) and from bsky.app where the lexicons leave a limit to the app:
 * - Text: at most 300 graphemes and 3,000 UTF-8 bytes (app.bsky.feed.post, `text`: maxGraphemes
 *   300, maxLength 3000); it may be empty only when the post has media.
 * - Images: at most 4 (app.bsky.embed.images, maxLength 4), each at most 2,000,000 bytes (its
 *   `image` blob's maxSize; 1,000,000 until atproto PR #4823, April 2026).
 * - Video: one MP4 (app.bsky.embed.video accepts video/mp4 only), at most 300,000,000 bytes (its
 *   maxSize; 100,000,000 until atproto PR #5373, August 2026), at most 10 minutes (bsky.app's
 *   VIDEO_MAX_DURATION_MS in src/lib/constants.ts). A post's one embed is images or a video.
 * Hookline uploads media straight to the account's PDS, so only these types are taken: bsky.app
 * also takes MOV, WebM and MPEG videos because its video service turns them into MP4 first.
 */
export const BLUESKY_MAX_GRAPHEMES = 300;
const MAX_TEXT_BYTES = 3000;
export const BLUESKY_MAX_IMAGES = 4;
export const BLUESKY_MAX_IMAGE_BYTES = 2_000_000;
const MAX_VIDEO_BYTES = 300_000_000;
const MAX_VIDEO_SECONDS = 10 * 60;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const VIDEO_TYPE = 'video/mp4';

const formatCount = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${Number((bytes / 1_000_000).toFixed(1))} MB`;

function checkText(text: string, what: string): string[] {
  const count = countGraphemes(text);
  if (count > BLUESKY_MAX_GRAPHEMES) {
    return [`Bluesky counts ${what} as ${formatCount(count)} characters; the limit is ${BLUESKY_MAX_GRAPHEMES}.`];
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_TEXT_BYTES) {
    return [`Bluesky takes at most ${formatCount(MAX_TEXT_BYTES)} bytes of text in a post; ${what} has ${formatCount(bytes)}. Shorten it.`];
  }
  return [];
}

function checkImage(image: PostMediaFacts): string[] {
  if (!IMAGE_TYPES.has(image.type)) return [`Bluesky takes JPEG, PNG, WebP and GIF images; ${image.name} is ${image.type}.`];
  if (image.size <= BLUESKY_MAX_IMAGE_BYTES) return [];
  return [`${image.name} is ${megabytes(image.size)}; Bluesky takes images of at most 2 MB. Make it smaller.`];
}

function checkVideo(video: PostMediaFacts): string[] {
  if (video.type !== VIDEO_TYPE)
    return [`Bluesky takes videos as MP4 only when they are posted through its API; ${video.name} is ${video.type}.`];
  const problems: string[] = [];
  if (video.size > MAX_VIDEO_BYTES) problems.push(`${video.name} is ${megabytes(video.size)}; Bluesky takes videos of at most 300 MB.`);
  const seconds = video.durationSeconds;
  if (seconds === null) {
    problems.push(
      `Hookline could not read how long ${video.name} lasts; Bluesky takes videos of at most 10 minutes. Try exporting it again.`,
    );
  } else if (seconds > MAX_VIDEO_SECONDS) {
    problems.push(`${video.name} lasts ${Number((seconds / 60).toFixed(1))} minutes; Bluesky takes videos of at most 10 minutes.`);
  }
  return problems;
}

/** What Bluesky would refuse in this post, one sentence each; empty when it is fine. */
export function checkBlueskyPost(post: PostShape): string[] {
  const problems: string[] = [];
  const texts = splitThreadTexts(post);
  texts.forEach((text, index) => problems.push(...checkText(text, texts.length > 1 ? `part ${index + 1} of the thread` : 'this text')));
  if (texts.length === 0 && post.media.length === 0) problems.push('A Bluesky post needs text, images or a video.');

  const images = post.media.filter((media) => media.type.startsWith('image/'));
  const videos = post.media.filter((media) => media.type.startsWith('video/'));
  for (const other of post.media.filter((media) => !images.includes(media) && !videos.includes(media))) {
    problems.push(`Bluesky cannot post ${other.name} (${other.type}); attach JPEG, PNG, WebP or GIF images or one MP4 video.`);
  }
  if (images.length > 0 && videos.length > 0) {
    problems.push('A Bluesky post carries images or one video, not both. Remove the images or the video.');
  }
  if (images.length > BLUESKY_MAX_IMAGES) {
    problems.push(`Bluesky takes at most ${BLUESKY_MAX_IMAGES} images in a post; this one has ${images.length}.`);
  }
  if (videos.length > 1) problems.push(`Bluesky takes one video in a post; this one has ${videos.length}.`);
  if ((post.type === 'video' || post.type === 'reel') && videos.length === 0) {
    problems.push('A Bluesky video post needs an MP4 video. Attach one, or make the draft a post.');
  }
  for (const image of images) problems.push(...checkImage(image));
  for (const video of videos) problems.push(...checkVideo(video));
  return problems;
}
