import type { PostShape, PostMediaFacts } from '../network-adapter.ts';

/**
 * LinkedIn's documented limits for a post made through its Posts API:
 * - Commentary: 3,000 characters (Posts API, `commentary`; the same figure as the composer).
 *   LinkedIn does not say how it counts; counting UTF-16 code units (an emoji counts as two), as its
 *   Java services do, never lets through a text LinkedIn would find too long.
 * - Images: JPG, GIF and PNG, under 36,152,320 pixels each, alt text at most 4,086 characters
 *   (Images API, learn.microsoft.com/linkedin/marketing/community-management/shares/images-api);
 *   2 to 20 in one post (MultiImage API, …/shares/multiimage-post-api).
 * - Video: one MP4, 3 seconds to 30 minutes, 75 KB to 5 GB (Videos API, …/shares/videos-api: its
 *   specifications give 75 KB as the least and its initializeUpload schema "Maximum allowed Videos size
 *   is 5GB"). A post carries images or a video, never both (Posts API content types).
 */
export const LINKEDIN_MAX_TEXT = 3000;
export const LINKEDIN_MAX_IMAGES = 20;
const MAX_IMAGE_PIXELS = 36_152_320;
const MAX_ALT_TEXT = 4086;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);
const VIDEO_TYPE = 'video/mp4';
const MIN_VIDEO_SECONDS = 3;
const MAX_VIDEO_SECONDS = 30 * 60;
const MIN_VIDEO_BYTES = 75 * 1024;
const MAX_VIDEO_BYTES = 5 * 1024 ** 3;

const isImage = (media: PostMediaFacts) => media.type.startsWith('image/');
const isVideo = (media: PostMediaFacts) => media.type.startsWith('video/');
const formatCount = (n: number) => n.toLocaleString('en-US');

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Number(seconds.toFixed(1))} seconds`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return rest ? `${minutes} min ${rest} s` : `${minutes} minutes`;
}

function checkImage(image: PostMediaFacts): string[] {
  const problems: string[] = [];
  if (!IMAGE_TYPES.has(image.type)) {
    problems.push(`LinkedIn takes JPEG, PNG and GIF images; ${image.name} is ${image.type}.`);
  }
  if (image.width !== null && image.height !== null && image.width * image.height >= MAX_IMAGE_PIXELS) {
    problems.push(
      `LinkedIn takes images under ${formatCount(MAX_IMAGE_PIXELS)} pixels; ${image.name} has ${formatCount(image.width * image.height)} (${image.width}×${image.height}). Make it smaller.`,
    );
  }
  if (image.altText.length > MAX_ALT_TEXT) {
    problems.push(
      `LinkedIn takes image descriptions of at most ${formatCount(MAX_ALT_TEXT)} characters; the one for ${image.name} has ${formatCount(image.altText.length)}.`,
    );
  }
  return problems;
}

function checkVideo(video: PostMediaFacts): string[] {
  if (video.type !== VIDEO_TYPE) return [`LinkedIn takes videos as MP4 only; ${video.name} is ${video.type}.`];
  const problems: string[] = [];
  if (video.size < MIN_VIDEO_BYTES) {
    problems.push(`LinkedIn needs a video of at least 75 KB; ${video.name} is ${formatBytes(video.size)}.`);
  } else if (video.size > MAX_VIDEO_BYTES) {
    problems.push(`LinkedIn takes videos of at most 5 GB; ${video.name} is ${formatBytes(video.size)}.`);
  }
  const seconds = video.durationSeconds;
  if (seconds === null) {
    problems.push(
      `Hookline could not read how long ${video.name} is; LinkedIn takes videos of 3 seconds to 30 minutes. Try exporting it again.`,
    );
  } else if (seconds < MIN_VIDEO_SECONDS) {
    problems.push(`LinkedIn needs a video of at least 3 seconds; ${video.name} lasts ${formatDuration(seconds)}.`);
  } else if (seconds > MAX_VIDEO_SECONDS) {
    problems.push(`LinkedIn takes videos of at most 30 minutes; ${video.name} lasts ${formatDuration(seconds)}.`);
  }
  return problems;
}

/** What LinkedIn would refuse in this post, one sentence each; empty when it is fine. */
export function checkLinkedInPost(post: PostShape): string[] {
  const problems: string[] = [];
  if (post.text.length > LINKEDIN_MAX_TEXT) {
    problems.push(
      `LinkedIn counts this text as ${formatCount(post.text.length)} characters; the limit is ${formatCount(LINKEDIN_MAX_TEXT)}.`,
    );
  }
  const images = post.media.filter(isImage);
  const videos = post.media.filter(isVideo);
  for (const other of post.media.filter((media) => !isImage(media) && !isVideo(media))) {
    problems.push(`LinkedIn cannot post ${other.name} (${other.type}); attach JPEG, PNG or GIF images or one MP4 video.`);
  }
  if (images.length > 0 && videos.length > 0) {
    problems.push('A LinkedIn post carries images or one video, not both. Remove the images or the video.');
  }
  if (images.length > LINKEDIN_MAX_IMAGES) {
    problems.push(`LinkedIn takes at most ${LINKEDIN_MAX_IMAGES} images in a post; this one has ${images.length}.`);
  }
  if (videos.length > 1) problems.push(`LinkedIn takes one video in a post; this one has ${videos.length}.`);
  if ((post.type === 'video' || post.type === 'reel') && videos.length === 0) {
    problems.push('A LinkedIn video post needs an MP4 video. Attach one, or make the draft a post.');
  }
  if (post.media.length === 0 && post.text.trim() === '') problems.push('A LinkedIn post needs text, images or a video.');
  for (const image of images) problems.push(...checkImage(image));
  for (const video of videos) problems.push(...checkVideo(video));
  return problems;
}
