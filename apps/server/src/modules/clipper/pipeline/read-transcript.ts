import { inputArgs, runFfmpeg } from './run-ffmpeg.ts';
import type { MediaSource, TranscriptSegment } from './types.ts';

export interface ReadTranscriptOptions {
  ffmpegPath?: string;
  signal?: AbortSignal;
}

/**
 * Reads an embedded text subtitle stream (n as in `-map 0:s:n`, see MediaInfo.subtitleStreamIndex)
 * as SRT through ffmpeg and returns its cues as transcript segments, sorted by start.
 */
export async function readTranscript(
  media: MediaSource,
  subtitleStreamIndex: number,
  options: ReadTranscriptOptions = {},
): Promise<TranscriptSegment[]> {
  const { ffmpegPath = 'ffmpeg', signal } = options;
  if (!Number.isInteger(subtitleStreamIndex) || subtitleStreamIndex < 0)
    throw new RangeError('subtitleStreamIndex must be a whole number ≥ 0');
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    ...inputArgs(media.path, media.demuxer),
    '-map',
    `0:s:${subtitleStreamIndex}`,
    '-c:s',
    'srt',
    '-f',
    'srt',
    '-',
  ];
  const { stdout } = await runFfmpeg(ffmpegPath, args, { signal, timeoutMs: 10 * 60_000 });
  return parseSrt(stdout);
}

const TIME_LINE = /(\d+):(\d{1,2}):(\d{1,2})[,.](\d{1,3})\s*-->\s*(\d+):(\d{1,2}):(\d{1,2})[,.](\d{1,3})/;

/** Parses SRT text into segments: markup (<i>, {\an8}) removed, lines joined with spaces, empty cues dropped. */
export function parseSrt(srt: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  const blocks = srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const timeAt = lines.findIndex((l) => TIME_LINE.test(l));
    if (timeAt < 0) continue;
    const m = TIME_LINE.exec(lines[timeAt])!;
    const start = toSeconds(m[1], m[2], m[3], m[4]);
    const end = toSeconds(m[5], m[6], m[7], m[8]);
    const text = lines
      .slice(timeAt + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .replace(/\{[^}]*\}/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (text && end > start) segments.push({ start, end, text });
  }
  return segments.sort((a, b) => a.start - b.start || a.end - b.end);
}

function toSeconds(h: string, m: string, s: string, ms: string): number {
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, '0')) / 1000;
}
