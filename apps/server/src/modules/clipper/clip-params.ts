import {
  ASPECT_RATIOS,
  CAPTION_STYLES,
  CLIP_DURATION,
  INPUT_TYPES,
  LOOK_FOR_MAX_CHARS,
  NO_FACE_FRAMINGS,
  NUM_CLIPS,
  type TAspectRatio,
  type TCaptionStyle,
  type TNoFaceFraming,
} from '@hookline/shared';
import { ClipperError } from './clipper-error.ts';

export interface ClipParams {
  inputType: (typeof INPUT_TYPES)[number];
  clipDuration: number;
  numClips: number;
  addSubtitles: boolean;
  aspectRatio: TAspectRatio;
  noFaceFraming: TNoFaceFraming;
  captionStyle: TCaptionStyle;
  /** What the user wants clips of; null when not said. */
  lookFor: string | null;
  youtubeUrl: string | null;
  async: boolean;
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtu.be']);

function integer(fields: Map<string, string>, name: string, fallback: number): number {
  const raw = fields.get(name);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new ClipperError(400, `${name} must be a whole number`);
  return value;
}

function flag(fields: Map<string, string>, name: string, fallback: boolean): boolean {
  const raw = fields.get(name);
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'true' && raw !== 'false') throw new ClipperError(400, `${name} must be true or false`);
  return raw === 'true';
}

function choice<T extends string>(fields: Map<string, string>, name: string, allowed: readonly T[], fallback: T): T {
  const raw = fields.get(name);
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ClipperError(400, `${name} must be one of: ${allowed.join(', ')}`);
  return raw as T;
}

/** The multipart text fields of POST /api/process, checked one by one with a message naming each. */
export function readClipParams(fields: Map<string, string>, hasFile: boolean): ClipParams {
  const inputType = choice(fields, 'input_type', INPUT_TYPES, 'Upload Video File');
  const clipDuration = integer(fields, 'clip_duration', CLIP_DURATION.default);
  if (clipDuration < CLIP_DURATION.min || clipDuration > CLIP_DURATION.max || clipDuration % CLIP_DURATION.step !== 0) {
    throw new ClipperError(
      400,
      `clip_duration must be ${CLIP_DURATION.min} to ${CLIP_DURATION.max} seconds in steps of ${CLIP_DURATION.step}`,
    );
  }
  const numClips = integer(fields, 'num_clips', NUM_CLIPS.default);
  if (numClips < NUM_CLIPS.min || numClips > NUM_CLIPS.max)
    throw new ClipperError(400, `num_clips must be ${NUM_CLIPS.min} to ${NUM_CLIPS.max}`);
  const addSubtitles = flag(fields, 'add_subtitles', true);
  const asyncMode = flag(fields, 'async', false);
  const aspectRatio = choice(fields, 'aspect_ratio', ASPECT_RATIOS, 'original');
  const noFaceFraming = choice(fields, 'no_face_framing', NO_FACE_FRAMINGS, 'center');
  const captionStyle = choice(fields, 'caption_style', CAPTION_STYLES, 'bold');
  const lookFor = (fields.get('look_for') ?? '').replace(/\s+/g, ' ').trim();
  if (lookFor.length > LOOK_FOR_MAX_CHARS) throw new ClipperError(400, `look_for must be at most ${LOOK_FOR_MAX_CHARS} characters`);

  let youtubeUrl: string | null = null;
  if (inputType === 'Upload Video File') {
    if (!hasFile) throw new ClipperError(400, 'Please choose a video file to upload.');
  } else {
    const raw = (fields.get('youtube_url') ?? '').trim();
    if (!raw) throw new ClipperError(400, 'Please enter a YouTube URL.');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ClipperError(400, 'youtube_url must be a YouTube link such as https://www.youtube.com/watch?v=…');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ClipperError(400, 'youtube_url must be an http(s) YouTube link');
    if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase()))
      throw new ClipperError(400, 'youtube_url must be a YouTube link (youtube.com or youtu.be)');
    youtubeUrl = url.toString();
  }
  return {
    inputType,
    clipDuration,
    numClips,
    addSubtitles,
    aspectRatio,
    noFaceFraming,
    captionStyle,
    lookFor: lookFor || null,
    youtubeUrl,
    async: asyncMode,
  };
}
