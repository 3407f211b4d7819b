import type { PostShape, PostMediaFacts } from '../network-adapter.ts';

/*
 * Instagram's documented limits for the Instagram API with Instagram Login (developers.facebook.com):
 * - IG User Media reference (POST /<IG_ID>/media): caption "Maximum 2200 characters, 30 hashtags, and
 *   20 @ tags"; images "Format: JPEG", "File size: 8 MB maximum", "Aspect ratio: Must be within a 4:5 to
 *   1.91:1 range"; Reels "Container: MOV or MP4", "Duration: 15 mins maximum, 3 seconds minimum",
 *   "File size: 300MB maximum", aspect ratio "between 0.01:1 and 10:1 but we recommend 9:16".
 * - Content Publishing guide: carousels hold up to 10 images and videos; every single feed video is
 *   published as a Reel (since July 1, 2023), so videos in a carousel are held to the Reels limits too.
 * - There is no text-only post: every container has an image_url or a video_url.
 * The size limits are read as binary megabytes: Instagram's own refusal says "It should be less than 8 MiB".
 */
const MAX_CAPTION = 2200;
const MAX_HASHTAGS = 30;
const MAX_MENTIONS = 20;
const MAX_CAROUSEL = 10;
const MIB = 1024 * 1024;
const MAX_IMAGE_BYTES = 8 * MIB;
const MAX_VIDEO_BYTES = 300 * MIB;
const MIN_IMAGE_RATIO = 4 / 5;
const MAX_IMAGE_RATIO = 1.91;
const MIN_VIDEO_RATIO = 0.01;
const MAX_VIDEO_RATIO = 10;
const MIN_VIDEO_SECONDS = 3;
const MAX_VIDEO_SECONDS = 15 * 60;
const IMAGE_TYPES = ['image/jpeg'];
const VIDEO_TYPES = ['video/mp4', 'video/quicktime'];

// A hashtag or @mention starts a word: "a#b" and "me@example.com" are neither.
const HASHTAG = /(?<![\p{L}\p{N}_&#])#[\p{L}\p{N}_]+/gu;
const MENTION = /(?<![\p{L}\p{N}_.@])@[A-Za-z0-9._]+/gu;

const isVideo = (media: PostMediaFacts) => media.type.startsWith('video/');
const megabytes = (bytes: number) => `${(bytes / MIB).toFixed(1)} MB`;
const ratioOf = (media: PostMediaFacts) => (media.width && media.height ? media.width / media.height : null);
const countOf = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

function checkCaption(text: string): string[] {
  const problems: string[] = [];
  // Instagram counts characters, not UTF-16 units: an emoji is one character.
  const length = [...text].length;
  if (length > MAX_CAPTION) problems.push(`Instagram counts this caption as ${length} characters; the limit is 2,200.`);
  const hashtags = countOf(text, HASHTAG);
  if (hashtags > MAX_HASHTAGS) problems.push(`This caption has ${hashtags} hashtags; Instagram allows at most 30.`);
  const mentions = countOf(text, MENTION);
  if (mentions > MAX_MENTIONS) problems.push(`This caption tags ${mentions} accounts with @; Instagram allows at most 20.`);
  return problems;
}

function checkImage(media: PostMediaFacts): string[] {
  const problems: string[] = [];
  if (!IMAGE_TYPES.includes(media.type)) {
    problems.push(`Instagram takes JPEG images only; ${media.name} is ${media.type}. Save it as a JPEG and attach it again.`);
  }
  if (media.size > MAX_IMAGE_BYTES) problems.push(`${media.name} is ${megabytes(media.size)}; Instagram takes images up to 8 MB.`);
  const ratio = ratioOf(media);
  if (ratio === null) {
    problems.push(`Hookline could not read the size of ${media.name}, so it cannot check Instagram's 4:5 to 1.91:1 shape limit.`);
  } else if (ratio < MIN_IMAGE_RATIO || ratio > MAX_IMAGE_RATIO) {
    problems.push(
      `${media.name} is ${media.width}×${media.height} (${ratio.toFixed(2)}:1); Instagram takes images from 4:5 (portrait) to 1.91:1 (landscape). Crop it.`,
    );
  }
  return problems;
}

function checkVideo(media: PostMediaFacts): string[] {
  const problems: string[] = [];
  if (!VIDEO_TYPES.includes(media.type)) {
    problems.push(`Instagram takes MP4 or MOV videos only; ${media.name} is ${media.type}.`);
  }
  if (media.size > MAX_VIDEO_BYTES) problems.push(`${media.name} is ${megabytes(media.size)}; Instagram takes videos up to 300 MB.`);
  const seconds = media.durationSeconds;
  if (seconds === null) {
    problems.push(`Hookline could not read how long ${media.name} is, so it cannot check Instagram's 3 second to 15 minute limit.`);
  } else if (seconds < MIN_VIDEO_SECONDS) {
    problems.push(`${media.name} lasts ${seconds.toFixed(1)} seconds; Instagram videos must last at least 3 seconds.`);
  } else if (seconds > MAX_VIDEO_SECONDS) {
    problems.push(`${media.name} lasts ${Math.ceil(seconds / 60)} minutes; Instagram videos may last at most 15 minutes.`);
  }
  const ratio = ratioOf(media);
  if (ratio === null) {
    problems.push(`Hookline could not read the size of ${media.name}, so it cannot check Instagram's video shape limit.`);
  } else if (ratio < MIN_VIDEO_RATIO || ratio > MAX_VIDEO_RATIO) {
    problems.push(`${media.name} is ${media.width}×${media.height}; Instagram takes videos from 0.01:1 to 10:1 (9:16 is best).`);
  }
  return problems;
}

function checkShape(post: PostShape): string[] {
  const count = post.media.length;
  if (post.type === 'thread') return ['Instagram has no threads. Make this draft a post or a Reel.'];
  if (count === 0) return ['Instagram does not publish text on its own. Attach an image or a video.'];
  if (post.type === 'reel' || post.type === 'video') {
    return count === 1 && isVideo(post.media[0])
      ? []
      : ['An Instagram Reel is one video. Attach a single video, or make this draft a post.'];
  }
  if (count > MAX_CAROUSEL) return [`An Instagram carousel holds at most 10 images and videos; this post has ${count}.`];
  return [];
}

/**
 * What Instagram would refuse in this post, one sentence each; empty when it is fine. A post is one
 * image, one video (published as a Reel) or a carousel of 2 to 10; a Reel (or a video draft) is one video.
 */
export function checkInstagramPost(post: PostShape): string[] {
  return [
    ...checkShape(post),
    ...checkCaption(post.text),
    ...post.media.flatMap((media) => (isVideo(media) ? checkVideo(media) : checkImage(media))),
  ];
}
