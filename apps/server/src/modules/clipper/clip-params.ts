import { CLIP_DURATION, INPUT_TYPES, NUM_CLIPS } from '@hookline/shared';
import { ClipperError } from './clipper-error.ts';

export interface ClipParams {
  inputType: (typeof INPUT_TYPES)[number];
  clipDuration: number;
  numClips: number;
  addSubtitles: boolean;
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

/** The multipart text fields of POST /api/process, checked one by one with a message naming each. */
export function readClipParams(fields: Map<string, string>, hasFile: boolean): ClipParams {
  const inputType = fields.get('input_type') ?? 'Upload Video File';
  if (!(INPUT_TYPES as readonly string[]).includes(inputType))
    throw new ClipperError(400, `input_type must be one of: ${INPUT_TYPES.join(', ')}`);
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
  return { inputType: inputType as ClipParams['inputType'], clipDuration, numClips, addSubtitles, youtubeUrl, async: asyncMode };
}
