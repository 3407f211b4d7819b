import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../app-context.ts';
import { enqueueJob, type JobContext } from '../../lib/jobs/job-queue.ts';
import { readMediaFacts } from '../../lib/read-media-facts.ts';
import { clipFileKey, clipScratchDir, copySourceToScratch, removeClipJobFiles, removeClipScratch } from './clip-files.ts';
import { finishClipJob, requeueClipJob, setClipProgress, watchClipCancel, type ClipFacts, type StoredResult } from './clip-job-store.ts';
import type { ClipParams } from './clip-params.ts';
import { ClipperError } from './clipper-error.ts';
import { downloadYoutubeVideo, MAX_YOUTUBE_DURATION_SEC, type YoutubeInfo } from './fetch-youtube.ts';
import { FfmpegError, isAbortError, runPipeline, type PipelineClip, type PipelineResult } from './pipeline/index.ts';

export const CLIP_JOB = 'clipper.run';
export const CLIP_PURGE_JOB = 'clipper.purge';

export type StoredParams = ClipParams & {
  /** The uploaded source in the file store (null for a YouTube job). */
  sourceKey: string | null;
  originalName: string | null;
  /** Read from YouTube when the request came in (the download happens in the job). */
  youtube?: YoutubeInfo | null;
};

/** A Node.js system error (ENOSPC, EACCES…): its message names server paths. */
const isSystemError = (error: Error) => typeof (error as NodeJS.ErrnoException).syscall === 'string';

/** Share of the progress bar the YouTube download takes; the pipeline fills the rest. */
const DOWNLOAD_SHARE = 0.3;

function toStoredResult(result: PipelineResult, params: StoredParams, stored: ClipFacts[]): StoredResult {
  const made = `Generated ${result.clips.length} clip${result.clips.length === 1 ? '' : 's'}.`;
  const note =
    params.addSubtitles && result.subtitlesMissing
      ? ' Subtitles were requested, but the video has no transcript, so the clips have none.'
      : '';
  return {
    status_message: made + note,
    clips: result.clips.map((clip, i) => ({
      clip_number: clip.clip_number,
      virality_score: clip.virality_score,
      start_time: clip.start_time,
      end_time: clip.end_time,
      duration: clip.duration,
      text_preview: clip.text_preview,
      source_video: params.youtubeUrl ?? params.originalName ?? 'upload',
      file_name: clip.file_name,
      aspect_ratio: params.aspectRatio,
      draft_id: null,
      transcript: clip.transcript,
      ...stored[i],
    })),
    metadata: result.metadata,
    job_id: '',
  };
}

/** Moves each rendered clip into the file store, with what a draft of it needs to know (read before it moves). */
async function storeClips(ctx: AppContext, jobId: string, clips: PipelineClip[]): Promise<ClipFacts[]> {
  const stored: ClipFacts[] = [];
  for (const clip of clips) {
    const facts = await readMediaFacts(clip.path, 'video/mp4', { ffprobePath: ctx.config.FFPROBE_PATH });
    const size = (await fs.promises.stat(clip.path)).size;
    await ctx.files.moveFromFs(clip.path, clipFileKey(jobId, clip.file_name), { contentType: 'video/mp4' });
    stored.push({ ...facts, size });
  }
  return stored;
}

/** The source as a local file: downloaded from YouTube, or copied from the file store (any instance may have received it). */
async function fetchSource(ctx: AppContext, params: StoredParams, dir: string, signal: AbortSignal, report: (percent: number) => void) {
  const { config } = ctx;
  if (params.youtubeUrl) {
    return downloadYoutubeVideo(params.youtubeUrl, dir, {
      ytdlpPath: config.YTDLP_PATH,
      ffmpegPath: config.FFMPEG_PATH,
      maxBytes: config.CLIPPER_MAX_UPLOAD_BYTES,
      signal,
      onProgress: (fraction) => report(fraction * DOWNLOAD_SHARE * 100),
    });
  }
  const missing = new ClipperError(422, 'The uploaded video is missing.');
  if (!params.sourceKey || !(await ctx.files.exists(params.sourceKey))) throw missing;
  return copySourceToScratch(ctx.files, params.sourceKey, dir, signal);
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
  const scratch = clipScratchDir(ctx.config, jobId);
  try {
    const { config } = ctx;
    const sourcePath = await fetchSource(ctx, params, path.join(scratch, 'source'), signal, (percent) => report('downloading', percent));
    const pipelineStart = params.youtubeUrl ? DOWNLOAD_SHARE * 100 : 0;
    const result = await runPipeline(
      {
        inputPath: sourcePath,
        title: params.youtube?.title,
        uploader: params.youtube?.uploader,
        maxDurationSec: params.youtubeUrl ? MAX_YOUTUBE_DURATION_SEC : undefined,
        outputDir: path.join(scratch, 'clips'),
        clipDuration: params.clipDuration,
        numClips: params.numClips,
        subtitles: params.addSubtitles,
        aspectRatio: params.aspectRatio,
        noFaceFraming: params.noFaceFraming,
        captionStyle: params.captionStyle,
        lookFor: params.lookFor,
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
    const stored = await storeClips(ctx, jobId, result.clips);
    end = { status: 'done', result: { ...toStoredResult(result, params, stored), job_id: jobId } };
  } catch (error) {
    if (job.signal.aborted && !cancelled.signal.aborted) {
      // Shutdown: the job goes back to the queue as it was (its source stays in the file store) and the
      // runner hands it on, maybe to another machine: nothing of it stays here.
      await requeueClipJob(ctx.db, jobId);
      await removeClipScratch(ctx.config, jobId).catch((cleanup: unknown) => job.log.warn({ err: cleanup }, 'clip scratch not removed'));
      throw error;
    }
    if (cancelled.signal.aborted || isAbortError(error)) end = { status: 'cancelled', detail: 'Cancelled' };
    // ffmpeg's and the file system's own messages name server paths (a full disk, say): the user gets
    // the generic text instead, the operator's log the cause.
    else if (error instanceof FfmpegError || !(error instanceof Error) || isSystemError(error)) {
      job.log.error({ err: error }, 'clip job failed');
      end = { status: 'failed', detail: 'Failed to generate clips. Please try again.' };
    } else end = { status: 'failed', detail: error.message };
  } finally {
    cancelled.stop();
  }
  // The source is not needed once the clips exist; the clips stay until the purge (a cancelled job keeps nothing).
  await removeClipScratch(ctx.config, jobId);
  if (end.status === 'cancelled') await removeClipJobFiles(ctx, jobId);
  else if (params.sourceKey) await ctx.files.delete(params.sourceKey);
  const expiresAt = await finishClipJob(ctx.db, jobId, end);
  await enqueueJob(ctx.db, CLIP_PURGE_JOB, { jobId }, { runAt: expiresAt });
}

/** Two hours after a job ends: its folder and its row go. */
export async function purgeClipJob(ctx: Pick<AppContext, 'config' | 'db' | 'files'>, payload: unknown): Promise<void> {
  const { jobId } = payload as { jobId: string };
  await removeClipJobFiles(ctx, jobId);
  await ctx.db.deleteFrom('clipJob').where('id', '=', jobId).execute();
}
