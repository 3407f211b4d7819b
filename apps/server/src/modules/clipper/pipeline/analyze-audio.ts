import { inputArgs, runFfmpeg } from './run-ffmpeg.ts';
import type { FractionCallback, MediaSource, TimeRange } from './types.ts';

/** Loudness values are per 100 ms. */
export const LOUDNESS_STEP_SEC = 0.1;
/** Digital silence (RMS -inf) and anything quieter is reported as this. */
export const LOUDNESS_FLOOR_DB = -100;
/** Sample rate of the analysis and of the transcription WAV. */
export const ANALYSIS_SAMPLE_RATE = 16_000;
/** silencedetect settings: quieter than this for at least this long is a pause. */
export const SILENCE_NOISE_DB = -35;
export const SILENCE_MIN_SEC = 0.35;

export interface AudioAnalysis {
  /** RMS level in dBFS for each 100 ms of the source (index i covers [i/10, (i+1)/10) s). */
  loudnessDb: number[];
  /** Pauses quieter than -35 dB for at least 0.35 s. */
  silences: TimeRange[];
  /** 16 kHz mono 16-bit WAV of the whole audio track, for transcription. */
  wavPath: string;
}

export interface AnalyzeAudioOptions {
  ffmpegPath?: string;
  signal?: AbortSignal;
  onProgress?: FractionCallback;
}

/**
 * One ffmpeg pass over the first audio stream: resampled to 16 kHz mono, split in two; one branch
 * is written as the transcription WAV, the other is cut into 100 ms frames for astats (RMS level,
 * printed to stdout by ametadata) and silencedetect (logged to stderr).
 */
export async function analyzeAudio(media: MediaSource, wavPath: string, options: AnalyzeAudioOptions = {}): Promise<AudioAnalysis> {
  const { ffmpegPath = 'ffmpeg', signal, onProgress } = options;
  const samplesPerStep = Math.round(ANALYSIS_SAMPLE_RATE * LOUDNESS_STEP_SEC);
  const graph =
    `[0:a:0]aresample=${ANALYSIS_SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono,asplit=2[wav][m];` +
    `[m]asetnsamples=n=${samplesPerStep}:p=0,` +
    'astats=metadata=1:reset=1:measure_perchannel=none:measure_overall=RMS_level,' +
    `silencedetect=noise=${SILENCE_NOISE_DB}dB:d=${SILENCE_MIN_SEC},` +
    'ametadata=mode=print:key=lavfi.astats.Overall.RMS_level:file=-[meter]';
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'info',
    '-y',
    ...inputArgs(media.path, media.demuxer),
    '-filter_complex',
    graph,
    '-map',
    '[wav]',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    wavPath,
    '-map',
    '[meter]',
    '-f',
    'null',
    '-',
  ];

  const loudness: number[] = [];
  let frameIndex = -1;
  let lastReported = -1;
  const silenceParser = createSilenceParser();
  await runFfmpeg(ffmpegPath, args, {
    signal,
    onStdoutLine: (line) => {
      const frame = /pts_time:\s*([\d.]+)/.exec(line);
      if (frame) {
        const t = Number(frame[1]);
        frameIndex = Math.round(t / LOUDNESS_STEP_SEC);
        if (onProgress && media.durationSec > 0) {
          const fraction = Math.min(1, t / media.durationSec);
          if (fraction - lastReported >= 0.01) {
            lastReported = fraction;
            onProgress(fraction);
          }
        }
        return;
      }
      const level = /^lavfi\.astats\.Overall\.RMS_level=(.+)$/.exec(line.trim());
      if (level && frameIndex >= 0) loudness[frameIndex] = toDb(level[1]);
    },
    onStderrLine: silenceParser.push,
  });

  const steps = Math.max(loudness.length, Math.ceil(media.durationSec / LOUDNESS_STEP_SEC - 1e-6));
  const loudnessDb = Array.from({ length: steps }, (_, i) => loudness[i] ?? LOUDNESS_FLOOR_DB);
  return { loudnessDb, silences: silenceParser.finish(media.durationSec), wavPath };
}

/** Collects silencedetect's `silence_start: x` / `silence_end: y` log lines into ranges (exported for tests). */
export function createSilenceParser() {
  const silences: TimeRange[] = [];
  let open: number | null = null;
  return {
    push(line: string) {
      const start = /silence_start:\s*(-?[\d.]+(?:e-?\d+)?)/.exec(line);
      if (start) {
        open = Math.max(0, Number(start[1]));
        return;
      }
      const end = /silence_end:\s*(-?[\d.]+(?:e-?\d+)?)/.exec(line);
      // silencedetect repeats the last silence_end when it closes; only a pending start counts.
      if (end && open !== null) {
        const endSec = Number(end[1]);
        if (endSec > open) silences.push({ start: round3(open), end: round3(endSec) });
        open = null;
      }
    },
    finish(durationSec: number): TimeRange[] {
      if (open !== null && durationSec > open) silences.push({ start: round3(open), end: round3(durationSec) });
      open = null;
      return silences
        .map((s) => ({ start: s.start, end: durationSec > 0 ? Math.min(s.end, round3(durationSec)) : s.end }))
        .filter((s) => s.end > s.start);
    },
  };
}

function toDb(value: string): number {
  const db = Number(value);
  return Number.isFinite(db) ? Math.max(LOUDNESS_FLOOR_DB, Math.round(db * 100) / 100) : LOUDNESS_FLOOR_DB;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
