import path from 'node:path';
import { FfmpegError, MediaTooLongError, UnsupportedMediaError } from './errors.ts';
import { fileUrl, runFfmpeg } from './run-ffmpeg.ts';
import type { MediaSource } from './types.ts';

/** Uploads may run up to about 2 hours. YouTube sources use 60 minutes, passed by the caller. */
export const MAX_SOURCE_DURATION_SEC = 2 * 60 * 60;

/** ffmpeg demuxers we accept, by name; ffprobe may only pick one of these (`-format_whitelist`). */
export const ACCEPTED_DEMUXERS = ['mov', 'matroska', 'mpeg', 'mpegts'] as const;

/** Names inside ffprobe's format_name lists ('mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', …) that we accept. */
const ACCEPTED_FORMAT_NAMES = new Set(['mov', 'mp4', 'quicktime', 'matroska', 'webm', 'mpeg', 'mpegts']);

/** Subtitle codecs ffmpeg can turn into SRT text (bitmap subtitles such as PGS or DVD cannot). */
const TEXT_SUBTITLE_CODECS = new Set([
  'subrip',
  'srt',
  'ass',
  'ssa',
  'mov_text',
  'webvtt',
  'text',
  'subviewer',
  'microdvd',
  'sami',
  'realtext',
  'stl',
]);

export interface MediaInfo extends MediaSource {
  /** ffprobe's format_name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2'. */
  formatName: string;
  width: number;
  height: number;
  /** Frames per second of the video stream (0 when unknown). */
  frameRate: number;
  hasAudio: boolean;
  /** n for `-map 0:s:n`: the first subtitle stream that holds text, or null. */
  subtitleStreamIndex: number | null;
  /** From the title tag, or null. */
  title: string | null;
  /** From the artist, author, album_artist or a short comment tag, or null. */
  uploader: string | null;
}

export interface ProbeMediaOptions {
  ffprobePath?: string;
  /** Longer sources throw MediaTooLongError; default MAX_SOURCE_DURATION_SEC. */
  maxDurationSec?: number;
  signal?: AbortSignal;
}

interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number }>;
}
interface FfprobeOutput {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: FfprobeStream[];
}

/**
 * Probes a local file with ffprobe and checks it is a video we accept: container MP4/MOV, MPEG
 * (PS/TS) or Matroska/WebM, a video stream, a known duration of at most maxDurationSec.
 * Throws UnsupportedMediaError (415) or MediaTooLongError (422).
 */
export async function probeMedia(filePath: string, options: ProbeMediaOptions = {}): Promise<MediaInfo> {
  const { ffprobePath = 'ffprobe', maxDurationSec = MAX_SOURCE_DURATION_SEC, signal } = options;
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    ACCEPTED_DEMUXERS.join(','),
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    '-i',
    fileUrl(filePath),
  ];
  let stdout: string;
  try {
    ({ stdout } = await runFfmpeg(ffprobePath, args, { signal, timeoutMs: 60_000 }));
  } catch (error) {
    if (error instanceof FfmpegError && error.exitCode !== null) throw unsupportedFromProbeError(error.stderrTail);
    throw error;
  }
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(stdout) as FfprobeOutput;
  } catch {
    throw new UnsupportedMediaError('The file could not be read as a video.');
  }
  const info = mediaInfoFrom(path.resolve(filePath), parsed);
  assertAcceptedMedia(info, maxDurationSec);
  return info;
}

/** Throws UnsupportedMediaError unless ffprobe's format_name is MP4/MOV, MPEG-PS/TS or Matroska/WebM. */
export function assertAcceptedContainer(formatName: string): void {
  const names = formatName
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  if (!names.some((n) => ACCEPTED_FORMAT_NAMES.has(n))) {
    throw new UnsupportedMediaError(`The ${names[0] ?? 'unknown'} format is not accepted: upload an MP4, MOV, MPEG, MKV or WebM video.`);
  }
}

/** Throws MediaTooLongError when the duration is over the limit. */
export function assertAcceptedDuration(durationSec: number, maxDurationSec = MAX_SOURCE_DURATION_SEC): void {
  if (durationSec > maxDurationSec) throw new MediaTooLongError(durationSec, maxDurationSec);
}

/** All checks on a probe result: container, a video stream, a known duration within the limit. */
export function assertAcceptedMedia(info: MediaInfo, maxDurationSec = MAX_SOURCE_DURATION_SEC): void {
  assertAcceptedContainer(info.formatName);
  if (info.width <= 0 || info.height <= 0) throw new UnsupportedMediaError('The file has no video stream.');
  if (!(info.durationSec > 0)) throw new UnsupportedMediaError('The length of the video could not be read.');
  assertAcceptedDuration(info.durationSec, maxDurationSec);
}

/** The demuxer to force with `-f` for a format_name list (its first name: 'mov', 'matroska', 'mpeg', 'mpegts'). */
export function demuxerFor(formatName: string): string {
  return formatName.split(',')[0]?.trim() ?? '';
}

/** Builds MediaInfo from ffprobe's JSON (exported for tests). */
export function mediaInfoFrom(absolutePath: string, probe: FfprobeOutput): MediaInfo {
  const streams = probe.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const subtitles = streams.filter((s) => s.codec_type === 'subtitle');
  const textSubtitle = subtitles.findIndex((s) => TEXT_SUBTITLE_CODECS.has(s.codec_name ?? ''));
  const formatName = probe.format?.format_name ?? '';
  const tags = lowerKeys(probe.format?.tags);
  const streamDurations = streams.map((s) => Number(s.duration)).filter((d) => Number.isFinite(d) && d > 0);
  const formatDuration = Number(probe.format?.duration);
  const durationSec = Number.isFinite(formatDuration) && formatDuration > 0 ? formatDuration : Math.max(0, ...streamDurations);
  const turned = video ? isQuarterTurned(video) : false;
  const comment = tags.comment && tags.comment.length <= 80 && !/[\r\n]|:\/\//.test(tags.comment) ? tags.comment : undefined;
  return {
    path: absolutePath,
    formatName,
    demuxer: demuxerFor(formatName),
    durationSec,
    // The size of the frames as ffmpeg decodes them: upright.
    width: (turned ? video?.height : video?.width) ?? 0,
    height: (turned ? video?.width : video?.height) ?? 0,
    frameRate: parseRate(video?.avg_frame_rate) || parseRate(video?.r_frame_rate),
    hasAudio: audio !== undefined,
    subtitleStreamIndex: textSubtitle >= 0 ? textSubtitle : null,
    title: clean(tags.title),
    uploader: clean(tags.artist ?? tags.author ?? tags.album_artist ?? comment),
  };
}

function unsupportedFromProbeError(stderr: string): UnsupportedMediaError {
  const notAllowed = /\[([\w,]+) @ [^\]]*\] Format not on whitelist/.exec(stderr);
  if (notAllowed)
    return new UnsupportedMediaError(
      `The ${demuxerFor(notAllowed[1])} format is not accepted: upload an MP4, MOV, MPEG, MKV or WebM video.`,
    );
  return new UnsupportedMediaError('The file is not a video we can read: upload an MP4, MOV, MPEG, MKV or WebM video.');
}

/**
 * Phones store portrait video sideways with a rotation flag (a display matrix, or an older rotate
 * tag); ffmpeg turns the frames upright when it decodes them, so a quarter turn swaps width and height.
 */
export function isQuarterTurned(stream: Pick<FfprobeStream, 'side_data_list' | 'tags'>): boolean {
  const rotation = Number(stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0);
  return Math.abs(Math.round(rotation / 90)) % 2 === 1;
}

function parseRate(rate: string | undefined): number {
  const [num, den] = (rate ?? '').split('/').map(Number);
  return num > 0 && den > 0 ? num / den : 0;
}

function lowerKeys(tags: Record<string, string> | undefined): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

function clean(value: string | undefined): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}
