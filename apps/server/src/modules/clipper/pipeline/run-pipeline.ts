import fs from 'node:fs/promises';
import type { TAspectRatio, TCaptionStyle, TNoFaceFraming } from '@hookline/shared';
import path from 'node:path';
import { analyzeAudio, type AudioAnalysis } from './analyze-audio.ts';
import { buildCaptions } from './build-captions.ts';
import { previewText } from './choose-clips.ts';
import { detectFaces, type FaceSample, type FrameSource } from './detect-faces.ts';
import { detectSceneCuts } from './detect-scene-cuts.ts';
import { abortReason } from './errors.ts';
import { nameClipFile } from './name-clip-file.ts';
import { MAX_SOURCE_DURATION_SEC, probeMedia, type MediaInfo } from './probe-media.ts';
import { planCropPath, type CropPlan, type ReframeAspectRatio } from './plan-crop-path.ts';
import { readTranscript } from './read-transcript.ts';
import { chooseRerankedClips, type RerankConfig } from './rerank-clips.ts';
import { createLimiter, defaultRenderConcurrency, renderClip, renderThreads } from './render-clip.ts';
import { transcribeAudio, type TranscriptionConfig } from './transcribe-audio.ts';
import type { TimeRange, TranscriptSegment } from './types.ts';

export type PipelineStage = 'probing' | 'analyzing' | 'transcribing' | 'selecting' | 'rendering';

export interface PipelineProgress {
  stage: PipelineStage;
  /** Overall percent of the whole pipeline, 0..100, never decreasing. */
  percent: number;
}

export interface PipelineOptions {
  /** The source video on local disk. */
  inputPath: string;
  /** Where the clips are written (one directory per job: file names repeat across jobs). Created when missing. */
  outputDir: string;
  /** Seconds per clip (the API allows 15-90); a shorter source gives one clip of its whole length. */
  clipDuration: number;
  /** Most clips (the API allows 1-5). */
  numClips: number;
  /** Burn word-by-word captions into the clips when a transcript exists. */
  subtitles: boolean;
  /** The clips' frame; default the source's own ('original'). Others crop to follow the main face. */
  aspectRatio?: TAspectRatio;
  /** Reframed clips, where no face is found: a centred crop (default) or the whole frame over a blurred copy. */
  noFaceFraming?: TNoFaceFraming;
  /** Default 'bold'. */
  captionStyle?: TCaptionStyle;
  /** What the user wants clips of ("moments about pricing"); steers the choice. */
  lookFor?: string | null;
  /** Title for metadata and file names; default: the title tag, else the input file name. */
  title?: string;
  /** Default: from the file's tags, else ''. */
  uploader?: string;
  /** A probe result from ingest (skips probing again; it must come from probeMedia). */
  media?: MediaInfo;
  /** Default MAX_SOURCE_DURATION_SEC (2 h); pass 3600 for YouTube sources. */
  maxDurationSec?: number;
  /** When set and the file has no text subtitle track, the audio is transcribed there. */
  transcription?: TranscriptionConfig | null;
  /**
   * When set and a transcript exists, an OpenAI-compatible chat model re-scores the best candidate
   * windows (blended with the heuristic score) before overlaps are dropped; a failure keeps the
   * heuristic choice and adds a warning.
   */
  rerank?: RerankConfig | null;
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Parallel renders; default defaultRenderConcurrency(). */
  renderConcurrency?: number;
  /** libx264 preset and CRF; defaults 'veryfast' and 23. */
  preset?: string;
  crf?: number;
  /** Scratch space (WAV, ASS files), removed at the end; default: a hidden directory in outputDir. */
  workDir?: string;
  /** Aborting kills the running ffmpeg processes, removes partial output and rejects with the abort reason. */
  signal?: AbortSignal;
}

export interface PipelineClip {
  /** 1 = best. */
  clip_number: number;
  /** 0..10, one decimal. */
  virality_score: number;
  start_time: number;
  end_time: number;
  duration: number;
  text_preview: string;
  /** The words spoken in the clip (up to about 2,000 characters). */
  transcript: string;
  /** Absolute path of the rendered .mp4. */
  path: string;
  /** Download-safe name (slug of the title + clip number + .mp4); also the file's name in outputDir. */
  file_name: string;
}

export interface PipelineResult {
  /** Best first. */
  clips: PipelineClip[];
  metadata: { title: string; uploader: string; duration: number };
  /** Subtitles were asked for but there was no transcript, so the clips have none. */
  subtitlesMissing: boolean;
  transcriptSource: 'embedded' | 'transcription' | 'none';
  /** Problems that did not stop the job (a failed transcription, scene detection, subtitle track or AI re-rank). */
  warnings: string[];
}

/** How much of a clip's words its result keeps (a caption is written from them). */
const CLIP_TRANSCRIPT_CHARS = 2000;

/** Most crop positions a second a reframed clip is planned with. */
const MAX_PLAN_FPS = 60;

/** Share of a reframed clip's progress that finding its faces takes; rendering it takes the rest. */
const DETECT_SHARE = 0.3;

/** Percent range of each stage in the overall progress. */
const STAGE_RANGES: Record<PipelineStage, [number, number]> = {
  probing: [0, 3],
  analyzing: [3, 25],
  transcribing: [25, 45],
  selecting: [45, 50],
  rendering: [50, 100],
};

/**
 * The clipper: probe → one audio pass (+ keyframe scene cuts alongside) → transcript (embedded text
 * subtitles, else the transcription endpoint when configured, else none) → choose windows (re-ranked
 * by a chat model when configured) → render them (subtitles burned in when asked and a transcript
 * exists). Throws UnsupportedMediaError / MediaTooLongError for bad input, FfmpegError when ffmpeg
 * fails, the signal's reason when aborted; on failure no clip files are left behind.
 */
export async function runPipeline(
  options: PipelineOptions,
  onProgress: (progress: PipelineProgress) => void = () => {},
): Promise<PipelineResult> {
  const { inputPath, outputDir, signal, ffmpegPath = 'ffmpeg', ffprobePath = 'ffprobe' } = options;
  if (!(options.clipDuration > 0) || !Number.isFinite(options.clipDuration))
    throw new RangeError('clipDuration must be a positive number of seconds');
  if (!Number.isInteger(options.numClips) || options.numClips < 1) throw new RangeError('numClips must be a whole number ≥ 1');
  signal?.throwIfAborted();

  const report = progressReporter(onProgress);
  await fs.mkdir(outputDir, { recursive: true });
  const workDir = await fs.mkdtemp(path.join(options.workDir ?? outputDir, '.clipper-work-'));
  const written: string[] = [];
  const warnings: string[] = [];
  try {
    report('probing', 0);
    const media =
      options.media ??
      (await probeMedia(inputPath, { ffprobePath, maxDurationSec: options.maxDurationSec ?? MAX_SOURCE_DURATION_SEC, signal }));
    report('probing', 1);

    report('analyzing', 0);
    const { audio, sceneCuts } = await analyzeSource(media, path.join(workDir, 'audio.wav'), ffmpegPath, warnings, signal, (f) =>
      report('analyzing', f),
    );
    report('analyzing', 1);

    report('transcribing', 0);
    const { segments, source } = await loadTranscript(media, audio, options, workDir, warnings, (f) => report('transcribing', f));
    if (audio) await fs.rm(audio.wavPath, { force: true });
    report('transcribing', 1);

    report('selecting', 0);
    const { clips: chosen, warning } = await chooseRerankedClips(
      {
        durationSec: media.durationSec,
        clipDuration: options.clipDuration,
        numClips: options.numClips,
        loudnessDb: audio?.loudnessDb ?? [],
        silences: audio?.silences ?? [],
        segments,
        sceneCuts,
        lookFor: options.lookFor,
      },
      options.rerank,
      { signal },
    );
    if (warning) warnings.push(warning);
    report('selecting', 1);

    const title = options.title?.trim() || media.title || path.parse(inputPath).name;
    const aspectRatio = options.aspectRatio ?? 'original';
    const burn = options.subtitles && segments.length > 0;
    const concurrency = Math.max(1, Math.floor(options.renderConcurrency ?? defaultRenderConcurrency()));
    const threads = renderThreads(concurrency, chosen.length);
    const limit = createLimiter(concurrency);
    const fractions = chosen.map(() => 0);
    const renderProgress = () => report('rendering', fractions.reduce((a, b) => a + b, 0) / Math.max(1, fractions.length));
    report('rendering', 0);

    const stopRenders = new AbortController();
    const renderSignal = signal ? AbortSignal.any([signal, stopRenders.signal]) : stopRenders.signal;
    const tasks = chosen.map((clip, i) =>
      limit(async (): Promise<PipelineClip> => {
        renderSignal.throwIfAborted();
        const clipNumber = i + 1;
        const fileName = nameClipFile(title, clipNumber);
        const outputPath = path.join(path.resolve(outputDir), fileName);
        const reframe =
          aspectRatio === 'original'
            ? null
            : {
                plan: await planReframe(media, clip, aspectRatio, sceneCuts, { ffmpegPath, signal: renderSignal }, (f) => {
                  fractions[i] = f * DETECT_SHARE;
                  renderProgress();
                }),
                noFace: options.noFaceFraming ?? 'center',
                commandsPath: path.join(workDir, `clip-${clipNumber}.cmd`),
              };
        let subtitlesPath: string | null = null;
        if (burn) {
          subtitlesPath = path.join(workDir, `clip-${clipNumber}.ass`);
          // Sized for the picture they are burned on: the crop's when reframed.
          const ass = buildCaptions(segments, {
            clipStart: clip.start,
            clipDuration: clip.duration,
            width: reframe?.plan.width ?? media.width,
            height: reframe?.plan.height ?? media.height,
            style: options.captionStyle ?? 'bold',
          });
          await fs.writeFile(subtitlesPath, ass, 'utf8');
        }
        written.push(outputPath);
        const renderStart = reframe ? DETECT_SHARE : 0;
        await renderClip({
          media,
          hasAudio: media.hasAudio,
          start: clip.start,
          duration: clip.duration,
          outputPath,
          subtitlesPath,
          reframe,
          ffmpegPath,
          preset: options.preset,
          crf: options.crf,
          threads,
          signal: renderSignal,
          onProgress: (f) => {
            fractions[i] = renderStart + f * (1 - renderStart);
            renderProgress();
          },
        });
        return {
          clip_number: clipNumber,
          virality_score: clip.viralityScore,
          start_time: clip.start,
          end_time: clip.end,
          duration: clip.duration,
          text_preview: clip.textPreview,
          transcript: previewText(segments, clip.start, clip.end, CLIP_TRANSCRIPT_CHARS),
          path: outputPath,
          file_name: fileName,
        };
      }).catch((error: unknown) => {
        stopRenders.abort(error);
        throw error;
      }),
    );
    const settled = await Promise.allSettled(tasks);
    if (signal?.aborted) throw abortReason(signal);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const clips = settled.map((r) => (r as PromiseFulfilledResult<PipelineClip>).value);
    report('rendering', 1);

    return {
      clips,
      metadata: { title, uploader: options.uploader ?? media.uploader ?? '', duration: Math.round(media.durationSec * 100) / 100 },
      subtitlesMissing: options.subtitles && segments.length === 0,
      transcriptSource: source,
      warnings,
    };
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    throw signal?.aborted ? abortReason(signal) : error;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The crop path of one reframed clip: faces found on frames sampled in the clip's window only (in
 * the detector's worker thread), scene cuts moved to clip time, then a smoothed path.
 */
async function planReframe(
  media: FrameSource & { frameRate: number },
  clip: TimeRange & { duration: number },
  aspectRatio: ReframeAspectRatio,
  sceneCuts: number[],
  options: { ffmpegPath: string; signal: AbortSignal },
  onProgress: (fraction: number) => void,
): Promise<CropPlan> {
  const plan = (samples: FaceSample[]) =>
    planCropPath({
      samples,
      sceneCuts: sceneCuts.filter((t) => t > clip.start && t < clip.end).map((t) => t - clip.start),
      sourceWidth: media.width,
      sourceHeight: media.height,
      aspectRatio,
      // Positions are applied by time: more than 60 a second (or a container's 90000 "fps") buys nothing.
      frameRate: Math.min(MAX_PLAN_FPS, media.frameRate || MAX_PLAN_FPS),
      duration: clip.duration,
    });
  // A source already of that shape: the crop is the whole frame and cannot move.
  const still = plan([]);
  if (still.width >= media.width - 2 && still.height >= media.height - 2) return { ...still, noFace: [] };
  return plan(await detectFaces(media, { start: clip.start, duration: clip.duration }, { ...options, onProgress }));
}

/** The audio pass and the keyframe scene-cut pass, side by side; either failing stops the other. */
async function analyzeSource(
  media: MediaInfo,
  wavPath: string,
  ffmpegPath: string,
  warnings: string[],
  signal: AbortSignal | undefined,
  onProgress: (fraction: number) => void,
): Promise<{ audio: AudioAnalysis | null; sceneCuts: number[] }> {
  const stop = new AbortController();
  const inner = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const audioTask = media.hasAudio ? analyzeAudio(media, wavPath, { ffmpegPath, signal: inner, onProgress }) : Promise.resolve(null);
  const scenesTask = detectSceneCuts(media, { ffmpegPath, signal: inner }).catch((error: unknown) => {
    if (inner.aborted) throw error;
    warnings.push(`Scene cuts could not be detected: ${(error as Error).message}`);
    return [] as number[];
  });
  try {
    const [audio, sceneCuts] = await Promise.all([audioTask, scenesTask]);
    return { audio, sceneCuts };
  } catch (error) {
    stop.abort(error);
    await Promise.allSettled([audioTask, scenesTask]);
    throw error;
  }
}

/** Embedded text subtitles first, else the transcription endpoint when configured; failures become warnings. */
async function loadTranscript(
  media: MediaInfo,
  audio: AudioAnalysis | null,
  options: PipelineOptions,
  workDir: string,
  warnings: string[],
  onProgress: (fraction: number) => void,
): Promise<{ segments: TranscriptSegment[]; source: PipelineResult['transcriptSource'] }> {
  const { signal, ffmpegPath = 'ffmpeg' } = options;
  if (media.subtitleStreamIndex !== null) {
    try {
      const segments = await readTranscript(media, media.subtitleStreamIndex, { ffmpegPath, signal });
      if (segments.length > 0) return { segments, source: 'embedded' };
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      warnings.push(`The subtitle track could not be read: ${(error as Error).message}`);
    }
  }
  if (options.transcription && audio) {
    try {
      const segments = await transcribeAudio(audio.wavPath, {
        ...options.transcription,
        durationSec: media.durationSec,
        workDir,
        ffmpegPath,
        signal,
        onProgress,
      });
      return { segments, source: segments.length > 0 ? 'transcription' : 'none' };
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      warnings.push(`Transcription failed: ${(error as Error).message}`);
    }
  }
  return { segments: [], source: 'none' };
}

function progressReporter(onProgress: (progress: PipelineProgress) => void) {
  let lastStage: PipelineStage | null = null;
  let lastPercent = -1;
  return (stage: PipelineStage, fraction: number) => {
    const [lo, hi] = STAGE_RANGES[stage];
    const percent = Math.max(lastPercent, Math.round(lo + (hi - lo) * Math.min(1, Math.max(0, fraction))));
    if (stage === lastStage && percent === lastPercent) return;
    lastStage = stage;
    lastPercent = percent;
    try {
      onProgress({ stage, percent });
    } catch {
      // Progress is advisory: a failing listener must not stop or crash the job.
    }
  };
}
