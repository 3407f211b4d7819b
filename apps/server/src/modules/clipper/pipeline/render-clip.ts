import fs from 'node:fs/promises';
import os from 'node:os';
import type { CropPlan } from './plan-crop-path.ts';
import { CAPTION_FONTS_DIR } from './caption-font.ts';
import { cropCommands, reframeGraph, type NoFaceStyle } from './reframe-filter.ts';
import { escapeFilterValue, inputArgs, runFfmpeg } from './run-ffmpeg.ts';
import type { FractionCallback, MediaSource } from './types.ts';

export interface RenderClipOptions {
  /** Source to cut from. */
  media: MediaSource;
  hasAudio: boolean;
  /** Seconds in the source. */
  start: number;
  /** Exact length of the clip in seconds. */
  duration: number;
  /** The .mp4 to write; it appears only when complete (written as <path>.partial first). */
  outputPath: string;
  /** ASS file to burn in, with times relative to the clip (buildCaptions), on the output size (the crop's when reframed). */
  subtitlesPath?: string | null;
  /**
   * Crops every frame after the plan (planCropPath on the clip's window), so the clip has the
   * crop's size; `noFace` shows the plan's no-face stretches centred or blurred. The crop's moves are
   * written to `commandsPath` (a file in the job's work directory) for ffmpeg to read.
   */
  reframe?: { plan: CropPlan; noFace: NoFaceStyle; commandsPath: string } | null;
  ffmpegPath?: string;
  /** libx264 preset; default 'veryfast' (tests use 'ultrafast'). */
  preset?: string;
  /** libx264 CRF; default 23. */
  crf?: number;
  /** Encoder threads; default: all. */
  threads?: number;
  signal?: AbortSignal;
  onProgress?: FractionCallback;
}

/**
 * MPEG-PS/TS have no index: ffmpeg's seek there can land after the wanted keyframe, so these
 * inputs are opened this much earlier and the rest is trimmed exactly in the filter graph.
 */
export const MPEG_SEEK_PREROLL_SEC = 30;

/** How much earlier than `start` to open the input (MPEG_SEEK_PREROLL_SEC for MPEG-PS/TS, else 0). */
export function seekPreroll(media: MediaSource, start: number): number {
  return media.demuxer === 'mpeg' || media.demuxer === 'mpegts' ? Math.min(start, MPEG_SEEK_PREROLL_SEC) : 0;
}

/**
 * Renders one clip, frame-accurately: ffmpeg seeks before the input (fast; it decodes from the
 * keyframe before and drops frames up to the seek point), then trim/atrim cut exactly
 * [start, start + duration) — after a preroll for MPEG inputs — and reset times to 0, so the ASS
 * times are clip-relative. Re-encoded to H.264 (yuv420p, even size) + AAC, +faststart; reframed
 * (cropped after a CropPlan) and subtitles burned in with the ass filter when given.
 */
export async function renderClip(options: RenderClipOptions): Promise<void> {
  const {
    media,
    hasAudio,
    start,
    duration,
    outputPath,
    subtitlesPath,
    reframe,
    ffmpegPath = 'ffmpeg',
    preset = 'veryfast',
    crf = 23,
    threads,
    signal,
    onProgress,
  } = options;
  const preroll = seekPreroll(media, start);
  const trim = `start=${formatSeconds(preroll)}:duration=${formatSeconds(duration)}`;
  const cut = `[0:v:0]trim=${trim},setpts=PTS-STARTPTS`;
  // The captions' font comes from the app's own folder: no system font is needed.
  const captions = subtitlesPath
    ? [`ass=filename=${escapeFilterValue(subtitlesPath)}:fontsdir=${escapeFilterValue(CAPTION_FONTS_DIR)}`]
    : [];
  const finish = ['format=yuv420p', ...captions].join(',');
  // The crop's size is even already; the subtitles come after it, on the output frame.
  const video = reframe
    ? `${cut}[cut];${reframeGraph(reframe.plan, reframe.noFace, reframe.commandsPath, 'cut', 'framed')};[framed]${finish}[v]`
    : `${cut},scale=w=trunc(iw/2)*2:h=trunc(ih/2)*2,${finish}[v]`;
  const graph = [video, ...(hasAudio ? [`[0:a:0]atrim=${trim},asetpts=PTS-STARTPTS[a]`] : [])].join(';');
  const partial = `${outputPath}.partial`;
  if (reframe) await fs.writeFile(reframe.commandsPath, cropCommands(reframe.plan), 'utf8');
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    '-y',
    '-ss',
    formatSeconds(start - preroll),
    ...inputArgs(media.path, media.demuxer),
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    ...(hasAudio ? ['-map', '[a]'] : []),
    '-t',
    formatSeconds(duration),
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    String(crf),
    ...(threads ? ['-threads', String(threads)] : []),
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    partial,
  ];
  try {
    await runFfmpeg(ffmpegPath, args, {
      signal,
      onStdoutLine: (line) => {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m && onProgress && duration > 0) onProgress(Math.min(1, Number(m[1]) / 1e6 / duration));
      },
    });
    await fs.rename(partial, outputPath);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
  onProgress?.(1);
}

/** Parallel renders: the number of CPUs, at least 1 and at most 2 (each x264 uses several threads). */
export function defaultRenderConcurrency(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

/**
 * x264 threads per render: the CPUs shared among the renders that run at once, so that one clip (or
 * fewer clips than the concurrency) gets all of them instead of leaving cores idle.
 */
export function renderThreads(concurrency: number, clips: number, cpus = os.availableParallelism()): number {
  return Math.max(1, Math.floor(cpus / Math.max(1, Math.min(Math.floor(concurrency), clips))));
}

/** Runs at most `concurrency` tasks at a time, in the order they were given. */
export function createLimiter(concurrency: number) {
  const limit = Math.max(1, Math.floor(concurrency));
  let active = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (active >= limit) return;
    const start = waiting.shift();
    if (start) {
      active++;
      start();
    }
  };
  return function run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
  };
}

/** Seconds for an ffmpeg argument, to the millisecond. */
export function formatSeconds(n: number): string {
  return (Math.round(n * 1000) / 1000).toFixed(3);
}
