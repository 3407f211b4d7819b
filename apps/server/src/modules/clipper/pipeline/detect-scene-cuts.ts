import { inputArgs, runFfmpeg } from './run-ffmpeg.ts';
import type { MediaSource } from './types.ts';

export interface DetectSceneCutsOptions {
  ffmpegPath?: string;
  /** Scene score (0..1) above which a keyframe counts as a cut; default 0.3. */
  threshold?: number;
  signal?: AbortSignal;
}

/**
 * Finds scene cuts quickly: only keyframes are decoded (`-skip_frame nokey`), each is compared with
 * the previous one (`select='gt(scene,threshold)'`) and showinfo logs the times of the cuts.
 * Returns the cut times in seconds, ascending.
 */
export async function detectSceneCuts(media: MediaSource, options: DetectSceneCutsOptions = {}): Promise<number[]> {
  const { ffmpegPath = 'ffmpeg', threshold = 0.3, signal } = options;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'info',
    '-skip_frame',
    'nokey',
    ...inputArgs(media.path, media.demuxer),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    `select='gt(scene\\,${threshold})',showinfo`,
    '-fps_mode',
    'passthrough',
    '-f',
    'null',
    '-',
  ];
  const cuts: number[] = [];
  await runFfmpeg(ffmpegPath, args, {
    signal,
    onStderrLine: (line) => {
      if (!line.includes('Parsed_showinfo')) return;
      const m = /pts_time:\s*(-?[\d.]+)/.exec(line);
      if (m) cuts.push(Math.round(Number(m[1]) * 1000) / 1000);
    },
  });
  return [...new Set(cuts.filter((t) => t > 0))].sort((a, b) => a - b);
}
