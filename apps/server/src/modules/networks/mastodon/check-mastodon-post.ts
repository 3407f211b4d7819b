import twitterText from 'twitter-text';
import type { PostShape, PostMediaFacts } from '../network-adapter.ts';
import { countGraphemes } from '../count-graphemes.ts';

/**
 * Mastodon's defaults, as mastodon.social reports them in GET /api/v2/instance
 * (configuration.statuses and configuration.media_attachments; see mastodon/mastodon discussion
 * #26709 for its figures) and as Mastodon's source sets them: StatusLengthValidator (500
 * characters, 23 per URL), Status::MEDIA_ATTACHMENTS_LIMIT (4), MediaAttachment IMAGE_LIMIT (16 MB),
 * VIDEO_LIMIT (99 MB), MAX_VIDEO_MATRIX_LIMIT (3840×2160), MAX_DESCRIPTION_LENGTH (1,500) and
 * Attachmentable::MAX_MATRIX_LIMIT (7680×4320). Instances may change them; these are what a post
 * is checked against before Hookline knows the instance.
 */
export const MASTODON_LIMITS = {
  maxCharacters: 500,
  charactersReservedPerUrl: 23,
  maxMediaAttachments: 4,
  imageSizeLimit: 16 * 1024 * 1024,
  videoSizeLimit: 99 * 1024 * 1024,
  imageMatrixLimit: 33_177_600,
  videoMatrixLimit: 8_294_400,
  descriptionLimit: 1500,
};

/** MediaAttachment::IMAGE_MIME_TYPES, VIDEO_MIME_TYPES and AUDIO_MIME_TYPES (Mastodon 4.3+): its supported_mime_types. */
export const MASTODON_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/heic', 'image/heif', 'image/webp', 'image/avif'];
export const MASTODON_VIDEO_TYPES = ['video/webm', 'video/mp4', 'video/quicktime', 'video/ogg'];
export const MASTODON_AUDIO_TYPES = [
  'audio/wave',
  'audio/wav',
  'audio/x-wav',
  'audio/x-pn-wave',
  'audio/vnd.wave',
  'audio/ogg',
  'audio/vorbis',
  'audio/mpeg',
  'audio/mp3',
  'audio/webm',
  'audio/flac',
  'audio/aac',
  'audio/m4a',
  'audio/x-m4a',
  'audio/mp4',
  'audio/3gpp',
  'video/x-ms-asf',
];

/** Account::MENTION_RE: @user or @user@domain, not inside a word, a path or after '='. */
const MENTION =
  /(?<![=/\p{L}\p{M}\p{Nd}\p{Pc}])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)(?:@[\p{L}\p{M}\p{Nd}\p{Pc}]+(?:[.-]+[\p{L}\p{M}\p{Nd}\p{Pc}]+)*)?/giu;
/** twitter-text's end_mention_match: "@noël" is no mention of @no, nor is an address followed by "://". */
const NOT_A_MENTION_END =
  /^(?:[@＠]|[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0253\u0254\u0256\u0257\u0259\u025b\u0263\u0268\u026f\u0272\u0289\u028b\u02bb\u1e00-\u1eff]|[\u0300-\u036f]|:\/\/)/u;

interface Entity {
  start: number;
  end: number;
  counted: string;
}

/**
 * A status's length as Mastodon's StatusLengthValidator counts it: grapheme clusters, where every
 * URL (with its scheme) counts as 23 characters and a mention only as "@username", whatever its domain.
 */
export function countMastodonCharacters(text: string): number {
  const urls: Entity[] = twitterText
    .extractUrlsWithIndices(text, { extractUrlsWithoutProtocol: false })
    .map(({ indices: [start, end] }) => ({ start, end, counted: 'x'.repeat(MASTODON_LIMITS.charactersReservedPerUrl) }));
  const mentions: Entity[] = [...text.matchAll(MENTION)]
    .filter((match) => !NOT_A_MENTION_END.test(text.slice(match.index + match[0].length)))
    .map((match) => ({ start: match.index, end: match.index + match[0].length, counted: `@${match[1]}` }));
  // As Extractor.remove_overlapping_entities: by start, an entity inside an earlier one is dropped.
  const entities = [...urls, ...mentions].sort((a, b) => a.start - b.start);
  let countable = '';
  let at = 0;
  for (const entity of entities) {
    if (entity.start < at) continue;
    countable += text.slice(at, entity.start) + entity.counted;
    at = entity.end;
  }
  countable += text.slice(at);
  return countGraphemes(countable);
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function checkOneMedia(media: PostMediaFacts): string[] {
  const problems: string[] = [];
  const isImage = MASTODON_IMAGE_TYPES.includes(media.type);
  const isVideo = MASTODON_VIDEO_TYPES.includes(media.type);
  if (!isImage && !isVideo && !MASTODON_AUDIO_TYPES.includes(media.type)) {
    problems.push(
      `${media.name} is of type ${media.type}; Mastodon takes JPEG, PNG, GIF, HEIC, HEIF, WebP or AVIF images, WebM, MP4, QuickTime or Ogg videos, and audio files.`,
    );
    return problems;
  }
  const sizeLimit = isImage ? MASTODON_LIMITS.imageSizeLimit : MASTODON_LIMITS.videoSizeLimit;
  if (media.size > sizeLimit) {
    problems.push(
      `${media.name} is ${megabytes(media.size)}; Mastodon takes ${isImage ? 'images' : 'videos and audio'} up to ${megabytes(sizeLimit)}.`,
    );
  }
  if (media.width && media.height && (isImage || isVideo)) {
    const matrixLimit = isImage ? MASTODON_LIMITS.imageMatrixLimit : MASTODON_LIMITS.videoMatrixLimit;
    if (media.width * media.height > matrixLimit) {
      problems.push(
        `${media.name} is ${media.width}×${media.height} pixels; Mastodon takes ${isImage ? 'images up to 7680×4320' : 'videos up to 3840×2160'} (${matrixLimit.toLocaleString('en-US')} pixels).`,
      );
    }
  }
  const descriptionLength = countGraphemes(media.altText);
  if (descriptionLength > MASTODON_LIMITS.descriptionLimit) {
    problems.push(
      `The description of ${media.name} is ${descriptionLength} characters; Mastodon takes at most ${MASTODON_LIMITS.descriptionLimit.toLocaleString('en-US')}.`,
    );
  }
  return problems;
}

/** What Mastodon (with mastodon.social's defaults) would refuse in this post, one sentence each. */
export function checkMastodonPost(post: PostShape): string[] {
  const problems: string[] = [];
  const length = countMastodonCharacters(post.text);
  if (length > MASTODON_LIMITS.maxCharacters) {
    problems.push(`Mastodon counts this text as ${length} characters; the limit is ${MASTODON_LIMITS.maxCharacters}.`);
  }
  if (post.text.trim() === '' && post.media.length === 0) problems.push('A Mastodon post needs text or at least one image or video.');
  const images = post.media.filter((media) => MASTODON_IMAGE_TYPES.includes(media.type)).length;
  const others = post.media.filter((media) => [...MASTODON_VIDEO_TYPES, ...MASTODON_AUDIO_TYPES].includes(media.type)).length;
  if (others > 0 && images + others > 1) {
    problems.push(
      `Mastodon takes one video or audio file per post, with no images beside it; this post has ${count(others, 'video or audio file', 'videos or audio files')} and ${count(images, 'image', 'images')}.`,
    );
  } else if (images > MASTODON_LIMITS.maxMediaAttachments) {
    problems.push(`Mastodon takes at most ${MASTODON_LIMITS.maxMediaAttachments} images in a post; this one has ${images}.`);
  }
  for (const media of post.media) problems.push(...checkOneMedia(media));
  return problems;
}
