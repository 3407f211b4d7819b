import twitterText from 'twitter-text';
import type { PostShape, PostMediaFacts } from '../network-adapter.ts';
import { splitThreadTexts } from '../split-thread-texts.ts';
import { mediaCategoryOf } from './twitter-post-parts.ts';

const MB = 1024 * 1024;
const MAX_WEIGHTED_LENGTH = 280;
const MAX_IMAGES = 4;
const MAX_IMAGE_BYTES = 5 * MB;
const MAX_GIF_BYTES = 15 * MB;
const MAX_VIDEO_BYTES = 512 * MB;
const MIN_VIDEO_SECONDS = 0.5;
const MAX_VIDEO_SECONDS = 140;
/** Widest and tallest video X takes: between 1:3 and 3:1. */
const MAX_VIDEO_RATIO = 3;
const MAX_ALT_TEXT = 1000;

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** X's own count of a tweet's text: URLs weigh 23, CJK characters and emoji 2. */
function checkText(texts: string[]): string[] {
  return texts.flatMap((text, index) => {
    const { weightedLength } = twitterText.parseTweet(text);
    if (weightedLength <= MAX_WEIGHTED_LENGTH) return [];
    const what = texts.length > 1 ? `part ${index + 1} of the thread` : 'this text';
    return [`X counts ${what} as ${weightedLength} characters; the limit is ${MAX_WEIGHTED_LENGTH}.`];
  });
}

function checkVideo(video: PostMediaFacts): string[] {
  const problems: string[] = [];
  if (video.size > MAX_VIDEO_BYTES) problems.push(`${video.name} is ${megabytes(video.size)}; X takes videos up to 512 MB.`);
  const seconds = video.durationSeconds;
  if (seconds === null) {
    problems.push(
      `Hookline could not read how long ${video.name} lasts; X takes videos of 0.5 to 140 seconds. Export it again as MP4 (H.264).`,
    );
  } else if (seconds < MIN_VIDEO_SECONDS || seconds > MAX_VIDEO_SECONDS) {
    problems.push(`${video.name} lasts ${Number(seconds.toFixed(1))} seconds; X takes videos of 0.5 to 140 seconds.`);
  }
  if (video.width && video.height && Math.max(video.width / video.height, video.height / video.width) > MAX_VIDEO_RATIO) {
    problems.push(`${video.name} is ${video.width}×${video.height}; X takes videos between 1:3 (tall) and 3:1 (wide).`);
  }
  return problems;
}

function checkMedia(post: PostShape): string[] {
  const { media } = post;
  const problems: string[] = [];
  const categories = media.map((file) => mediaCategoryOf(file, media.length));
  media.forEach((file, index) => {
    const category = categories[index];
    if (category === null) {
      problems.push(`X does not take ${file.name} (${file.type}): use JPEG, PNG, WebP or GIF images, or an MP4 or MOV video.`);
    } else if (category === 'tweet_video') {
      problems.push(...checkVideo(file));
    } else if (category === 'tweet_gif' && file.size > MAX_GIF_BYTES) {
      problems.push(`${file.name} is ${megabytes(file.size)}; X takes a GIF up to 15 MB.`);
    } else if (category === 'tweet_image' && file.size > MAX_IMAGE_BYTES) {
      const gifAlone = file.type === 'image/gif' ? ' (a GIF on its own may be up to 15 MB)' : '';
      problems.push(`${file.name} is ${megabytes(file.size)}; X takes images up to 5 MB${gifAlone}.`);
    }
    if (category !== 'tweet_video' && file.altText.length > MAX_ALT_TEXT) {
      problems.push(`The description of ${file.name} is ${file.altText.length} characters; X takes up to ${MAX_ALT_TEXT}.`);
    }
  });
  const videos = categories.filter((category) => category === 'tweet_video').length;
  if (videos > 0 && media.length > 1) {
    problems.push(`X takes one video per post, on its own; this post has ${media.length} files. Keep only the video, or only images.`);
  } else if (media.length > MAX_IMAGES) {
    problems.push(`X takes at most ${MAX_IMAGES} images in a post; this one has ${media.length}.`);
  }
  if ((post.type === 'video' || post.type === 'reel') && videos === 0) {
    problems.push('A video post on X needs its video: attach one MP4 or MOV file.');
  }
  return problems;
}

/**
 * What X would refuse in this post, one sentence each: each tweet's text counted X's way (every
 * part of a thread), up to 4 images (JPEG, PNG, WebP, GIF; 5 MB each), or one GIF (15 MB), or one
 * video (MP4 or MOV, up to 512 MB, 0.5 to 140 seconds, 1:3 to 3:1), never a video with other media.
 */
export function checkTwitterPost(post: PostShape): string[] {
  const texts = splitThreadTexts(post);
  const problems = [...checkText(texts), ...checkMedia(post)];
  if (texts.length === 0 && post.media.length === 0) problems.unshift('X posts need text or media: write something or attach a file.');
  return problems;
}
