import type { PostShape, PostMediaFacts } from '../network-adapter.ts';

/**
 * YouTube's documented limits:
 * - videos.insert (developers.google.com/youtube/v3/docs/videos/insert): one media file of type
 *   video/* or application/octet-stream, at most 256 GB.
 * - The videos resource (developers.google.com/youtube/v3/docs/videos): snippet.title "a maximum
 *   length of 100 characters", snippet.description "a maximum length of 5000 bytes", both "may
 *   contain all valid UTF-8 characters except < and >".
 * - YouTube Help "Upload videos longer than 15 minutes" (support.google.com/youtube/answer/71673):
 *   at most 256 GB or 12 hours, whichever is less. Unverified channels are held to 15 minutes, which
 *   Hookline cannot see; YouTube says so itself when it refuses such an upload.
 * - YouTube Help "Understand three-minute YouTube Shorts" (support.google.com/youtube/answer/15424877):
 *   videos uploaded since 15 October 2024 with a square or vertical aspect ratio and up to three
 *   minutes long are Shorts.
 */
export const YOUTUBE_LIMITS = {
  maxTitleCharacters: 100,
  maxDescriptionBytes: 5000,
  maxVideoBytes: 256 * 1024 ** 3,
  maxVideoSeconds: 12 * 60 * 60,
  maxShortSeconds: 180,
};

/**
 * YouTube Help "Video formats that you can upload" (support.google.com/youtube/answer/4525596):
 * .MOV, .MPEG-1, .MPEG-2, .MPEG4, .MP4, .MPG, .AVI, .WMV, .MPEGPS, .FLV, 3GPP and WebM, as the
 * types Hookline reads from a file's bytes name them (WMV files are ASF containers).
 */
export const YOUTUBE_VIDEO_TYPES = [
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/mpeg',
  'video/vnd.avi',
  'video/x-msvideo',
  'video/x-ms-asf',
  'video/x-ms-wmv',
  'video/x-flv',
  'video/3gpp',
  'video/3gpp2',
  'video/webm',
];

/** The video's title and description: the draft's first line, and the text after it. */
export function splitYouTubeText(text: string): { title: string; description: string } {
  const [firstLine = '', ...rest] = text.split(/\r?\n/);
  return { title: firstLine.trim(), description: rest.join('\n').trim() };
}

const ANGLE_BRACKETS = /[<>]/;
const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1).replace(/\.0$/, '')} GB`;

function duration(seconds: number): string {
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const parts = [hours && `${hours} h`, minutes && `${minutes} min`, whole % 60 && `${whole % 60} s`].filter(Boolean);
  return parts.length ? parts.join(' ') : '0 s';
}

function checkText(text: string): string[] {
  const problems: string[] = [];
  const { title, description } = splitYouTubeText(text);
  const titleLength = [...title].length;
  if (titleLength === 0) problems.push('A YouTube video needs a title: write it on the first line of the text.');
  if (titleLength > YOUTUBE_LIMITS.maxTitleCharacters) {
    problems.push(
      `The title (the first line of the text) is ${titleLength} characters; YouTube allows at most ${YOUTUBE_LIMITS.maxTitleCharacters}.`,
    );
  }
  if (ANGLE_BRACKETS.test(title)) problems.push('YouTube titles cannot contain < or >; remove them from the first line of the text.');
  const descriptionBytes = utf8Bytes(description);
  if (descriptionBytes > YOUTUBE_LIMITS.maxDescriptionBytes) {
    problems.push(
      `The description (the text after the first line) is ${descriptionBytes.toLocaleString('en-US')} bytes; YouTube allows at most ${YOUTUBE_LIMITS.maxDescriptionBytes.toLocaleString('en-US')}.`,
    );
  }
  if (ANGLE_BRACKETS.test(description)) {
    problems.push('YouTube descriptions cannot contain < or >; remove them from the text after the first line.');
  }
  return problems;
}

function checkVideo(video: PostMediaFacts, isShort: boolean): string[] {
  if (!YOUTUBE_VIDEO_TYPES.includes(video.type)) {
    return [`${video.name} is a ${video.type} file; YouTube takes MP4, MOV, MPEG, AVI, WMV, FLV, 3GPP or WebM videos.`];
  }
  const problems: string[] = [];
  if (video.size === 0) problems.push(`${video.name} is empty; attach the video again.`);
  if (video.size > YOUTUBE_LIMITS.maxVideoBytes) {
    problems.push(`${video.name} is ${gigabytes(video.size)}; YouTube takes videos up to ${gigabytes(YOUTUBE_LIMITS.maxVideoBytes)}.`);
  }
  const seconds = video.durationSeconds;
  if (seconds !== null && seconds > YOUTUBE_LIMITS.maxVideoSeconds) {
    problems.push(`${video.name} is ${duration(seconds)} long; YouTube takes videos up to 12 hours.`);
  }
  if (!isShort) return problems;
  if (seconds === null) {
    problems.push(`Hookline could not read how long ${video.name} is, so it cannot tell whether it fits a Short (3 minutes at most).`);
  } else if (seconds > YOUTUBE_LIMITS.maxShortSeconds) {
    problems.push(`${video.name} is ${duration(seconds)} long; a YouTube Short is at most 3 minutes. Post it as a video instead.`);
  }
  if (video.width === null || video.height === null) {
    problems.push(
      `Hookline could not read the size of ${video.name}, so it cannot tell whether it is vertical or square, as a Short must be.`,
    );
  } else if (video.width > video.height) {
    problems.push(
      `${video.name} is ${video.width}×${video.height}, wider than it is tall; a YouTube Short must be vertical or square. Post it as a video instead.`,
    );
  }
  return problems;
}

/** What YouTube would refuse in this post (or not take as a Short), one sentence each. */
export function checkYouTubePost(post: PostShape): string[] {
  if (post.type === 'thread') return ['YouTube has no threads; make this draft a video or a Short.'];
  const problems = checkText(post.text);
  const videos = post.media.filter((media) => media.type.startsWith('video/'));
  const others = post.media.length - videos.length;
  if (videos.length === 0) {
    problems.push(`A YouTube post is a video; attach one${others > 0 ? ' (YouTube takes no images)' : ''}.`);
  } else if (videos.length > 1) {
    problems.push(`YouTube takes one video per post; this one has ${videos.length}.`);
  } else if (others > 0) {
    problems.push(`YouTube takes one video and nothing beside it; remove the ${others === 1 ? 'other file' : `${others} other files`}.`);
  }
  for (const video of videos) problems.push(...checkVideo(video, post.type === 'reel'));
  return problems;
}
