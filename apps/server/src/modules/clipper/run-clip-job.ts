import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../app-context.ts';
import { enqueueJob, type JobContext } from '../../lib/jobs/job-queue.ts';
import { finishClipJob, requeueClipJob, setClipProgress, watchClipCancel, type StoredResult } from './clip-job-store.ts';
import type { ClipParams } from './clip-params.ts';
import { ClipperError } from './clipper-error.ts';
import { downloadYoutubeVideo, MAX_YOUTUBE_DURATION_SEC, type YoutubeInfo } from './fetch-youtube.ts';
import { FfmpegError, isAbortError, runPipeline, type PipelineResult } from './pipeline/index.ts';

export const CLIP_JOB = 'clipper.run';
export const CLIP_PURGE_JOB = 'clipper.purge';

export type StoredParams = ClipParams & {
  sourcePath: string | null;
  originalName: string | null;
  /** Read from YouTube when the request came in (the download happens in the job). */
  youtube?: YoutubeInfo | null;
};

/** Share of the progress bar the YouTube download takes; the pipeline fills the rest. */
const DOWNLOAD_SHARE = 0.3;

/** Where the clip jobs' folders are. */
export function clipperDataDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'clipper');
}

/** Every file of a job (source and clips) lives in one folder, removed as a whole. */
export function clipJobDir(config: Pick<AppConfig, 'dataDir'>, jobId: string): string {
  return path.join(clipperDataDir(config), jobId);
}

/**
 * Removes a job's folder, or a part of it. Retries because a cancelled job's ffmpeg may still be closing a
 * file in it while the folder goes (ENOTEMPTY).
 */
export async function removeClipJobFiles(config: Pick<AppConfig, 'dataDir'>, jobId: string, part = ''): Promise<void> {
  await fs.promises.rm(path.join(clipJobDir(config, jobId), part), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

function toStoredResult(result: PipelineResult, params: StoredParams): StoredResult {
  const made = `Generated ${result.clips.length} clip${result.clips.length === 1 ? '' : 's'}.`;
  const note =
    params.addSubtitles && result.subtitlesMissing
      ? ' Subtitles were requested, but the video has no transcript, so the clips have none.'
      : '';
  return {
    status_message: made + note,
    clips: result.clips.map((clip) => ({
      clip_number: clip.clip_number,
      virality_score: clip.virality_score,
      start_time: clip.start_time,
      end_time: clip.end_time,
      duration: clip.duration,
      text_preview: clip.text_preview,
      source_video: params.youtubeUrl ?? params.originalName ?? 'upload',
      file_name: clip.file_name,
    })),
    metadata: result.metadata,
    job_id: '',
  };
}

/** The job runner's handler: runs the pipeline, records progress and the result, schedules the purge. */
export async function runClipJob(ctx: AppContext, payload: unknown, job: Pick<JobContext, 'signal' | 'log'>): Promise<void> {
  const { jobId } = payload as { jobId: string };
  const row = await ctx.db.selectFrom('clipJob').selectAll().where('id', '=', jobId).executeTakeFirst();
  if (!row) return;
  if (row.status === 'running') {
    // The job runner hands a job over again when the process that ran it died: fail it cleanly.
    const expiresAt = await finishClipJob(ctx.db, jobId, {
      status: 'failed',
      detail: 'The server restarted while this job ran. Please try again.',
    });
    await enqueueJob(ctx.db, CLIP_PURGE_JOB, { jobId }, { runAt: expiresAt });
    return;
  }
  if (row.status === 'cancelled') {
    // Cancelled before it started: nothing ran; only the purge of its row and upload is left to queue.
    await enqueueJob(ctx.db, CLIP_PURGE_JOB, { jobId }, { runAt: row.expiresAt ? new Date(row.expiresAt) : new Date() });
    return;
  }
  if (row.status !== 'queued') return;
  const params = JSON.parse(row.params) as StoredParams;
  // Cancelled from any instance (DELETE writes the row) or stopped by a shutdown: ffmpeg is killed either way.
  const cancelled = watchClipCancel(ctx.db, jobId);
  const signal = AbortSignal.any([cancelled.signal, job.signal]);
  let lastWrite = 0;
  let lastStage = '';
  const report = (stage: Parameters<typeof setClipProgress>[2], percent: number) => {
    // A few writes a second at most (progress is polled, not every frame matters), but a new stage at once.
    if (stage === lastStage && Date.now() - lastWrite < 250) return;
    lastWrite = Date.now();
    lastStage = stage;
    void setClipProgress(ctx.db, jobId, stage, percent);
  };
  let end: Parameters<typeof finishClipJob>[2];
  try {
    const { config } = ctx;
    const sourcePath = params.youtubeUrl
      ? await downloadYoutubeVideo(params.youtubeUrl, path.join(clipJobDir(config, jobId), 'upload'), {
          ytdlpPath: config.YTDLP_PATH,
          ffmpegPath: config.FFMPEG_PATH,
          maxBytes: config.CLIPPER_MAX_UPLOAD_BYTES,
          signal,
          onProgress: (fraction) => report('downloading', fraction * DOWNLOAD_SHARE * 100),
        })
      : params.sourcePath;
    if (!sourcePath || !fs.existsSync(sourcePath)) throw new ClipperError(422, 'The uploaded video is missing.');
    const pipelineStart = params.youtubeUrl ? DOWNLOAD_SHARE * 100 : 0;
    const result = await runPipeline(
      {
        inputPath: sourcePath,
        title: params.youtube?.title,
        uploader: params.youtube?.uploader,
        maxDurationSec: params.youtubeUrl ? MAX_YOUTUBE_DURATION_SEC : undefined,
        outputDir: clipJobDir(config, jobId),
        clipDuration: params.clipDuration,
        numClips: params.numClips,
        subtitles: params.addSubtitles,
        transcription: config.TRANSCRIBE_BASE_URL
          ? { baseUrl: config.TRANSCRIBE_BASE_URL, apiKey: config.TRANSCRIBE_API_KEY, model: config.TRANSCRIBE_MODEL }
          : null,
        rerank: config.AI_BASE_URL ? { baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL } : null,
        ffmpegPath: config.FFMPEG_PATH,
        ffprobePath: config.FFPROBE_PATH,
        signal,
      },
      ({ stage, percent }) => report(stage, pipelineStart + (percent * (100 - pipelineStart)) / 100),
    );
    // Problems that did not stop the job (a failed transcription, say) are for the operator's log.
    for (const warning of result.warnings) job.log.warn(warning);
    end = { status: 'done', result: { ...toStoredResult(result, params), job_id: jobId } };
  } catch (error) {
    if (job.signal.aborted && !cancelled.signal.aborted) {
      // Shutdown: the job goes back to the queue as it was (its partial clips are gone) and the runner hands it on.
      await requeueClipJob(ctx.db, jobId);
      throw error;
    }
    if (cancelled.signal.aborted || isAbortError(error)) end = { status: 'cancelled', detail: 'Cancelled' };
    // ffmpeg's own messages name server paths: the user gets the generic text below instead.
    else if (error instanceof FfmpegError || !(error instanceof Error))
      end = { status: 'failed', detail: 'Failed to generate clips. Please try again.' };
    else end = { status: 'failed', detail: error.message };
  } finally {
    cancelled.stop();
  }
  // The source is not needed once the clips exist; the clips stay until the purge (a cancelled job keeps nothing).
  await removeClipJobFiles(ctx.config, jobId, end.status === 'cancelled' ? '' : 'upload');
  const expiresAt = await finishClipJob(ctx.db, jobId, end);
  await enqueueJob(ctx.db, CLIP_PURGE_JOB, { jobId }, { runAt: expiresAt });
}

/** Two hours after a job ends: its folder and its row go. */
export async function purgeClipJob(ctx: Pick<AppContext, 'config' | 'db'>, payload: unknown): Promise<void> {
  const { jobId } = payload as { jobId: string };
  await removeClipJobFiles(ctx.config, jobId);
  await ctx.db.deleteFrom('clipJob').where('id', '=', jobId).execute();
}
