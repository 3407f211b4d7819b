import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../app-context.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { finishClipJob, setClipProgress, type StoredResult } from './clip-job-store.ts';
import type { ClipParams } from './clip-params.ts';
import { ClipperError } from './clipper-error.ts';
import { FfmpegError, isAbortError, runPipeline, type PipelineResult } from './pipeline/index.ts';

export const CLIP_JOB = 'clipper.run';
export const CLIP_PURGE_JOB = 'clipper.purge';

export type StoredParams = ClipParams & { sourcePath: string | null; originalName: string | null };

/** Every file of a job (source and clips) lives in one folder, removed as a whole. */
export function clipJobDir(config: Pick<AppConfig, 'dataDir'>, jobId: string): string {
  return path.join(config.dataDir, 'clipper', jobId);
}

const running = new Map<string, AbortController>();

/** Stops a job this process is running (its ffmpeg processes are killed through the signal). */
export function cancelRunningClipJob(jobId: string): void {
  running.get(jobId)?.abort();
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
export async function runClipJob(ctx: AppContext, payload: unknown): Promise<void> {
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
  if (row.status !== 'queued') return;
  const params = JSON.parse(row.params) as StoredParams;
  const controller = new AbortController();
  running.set(jobId, controller);
  let lastWrite = 0;
  let end: Parameters<typeof finishClipJob>[2];
  try {
    if (!params.sourcePath || !fs.existsSync(params.sourcePath)) throw new ClipperError(422, 'The uploaded video is missing.');
    const { config } = ctx;
    const result = await runPipeline(
      {
        inputPath: params.sourcePath,
        outputDir: clipJobDir(config, jobId),
        clipDuration: params.clipDuration,
        numClips: params.numClips,
        subtitles: params.addSubtitles,
        transcription: config.TRANSCRIBE_BASE_URL
          ? { baseUrl: config.TRANSCRIBE_BASE_URL, apiKey: config.TRANSCRIBE_API_KEY, model: config.TRANSCRIBE_MODEL }
          : null,
        ffmpegPath: config.FFMPEG_PATH,
        ffprobePath: config.FFPROBE_PATH,
        signal: controller.signal,
      },
      ({ stage, percent }) => {
        // A few writes a second at most: progress is polled, not every frame matters.
        if (Date.now() - lastWrite < 250) return;
        lastWrite = Date.now();
        void setClipProgress(ctx.db, jobId, stage, percent);
      },
    );
    end = { status: 'done', result: { ...toStoredResult(result, params), job_id: jobId } };
  } catch (error) {
    if (controller.signal.aborted || isAbortError(error)) end = { status: 'cancelled', detail: 'Cancelled' };
    // ffmpeg's own messages name server paths: the user gets the SPEC's generic text.
    else if (error instanceof FfmpegError || !(error instanceof Error))
      end = { status: 'failed', detail: 'Failed to generate clips. Please try again.' };
    else end = { status: 'failed', detail: error.message };
  } finally {
    running.delete(jobId);
  }
  // The source is not needed once the clips exist; the clips stay until the purge.
  fs.rmSync(path.join(clipJobDir(ctx.config, jobId), 'upload'), { recursive: true, force: true });
  const expiresAt = await finishClipJob(ctx.db, jobId, end);
  await enqueueJob(ctx.db, CLIP_PURGE_JOB, { jobId }, { runAt: expiresAt });
}

/** Two hours after a job ends: its folder and its row go. */
export async function purgeClipJob(ctx: Pick<AppContext, 'config' | 'db'>, payload: unknown): Promise<void> {
  const { jobId } = payload as { jobId: string };
  fs.rmSync(clipJobDir(ctx.config, jobId), { recursive: true, force: true });
  await ctx.db.deleteFrom('clipJob').where('id', '=', jobId).execute();
}
