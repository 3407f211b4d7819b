import type { TClipJobStatus, TClipStage } from '@hookline/shared';

/** What each job stage means to a person watching the progress bar. */
export const CLIP_STAGE_LABELS: Record<TClipStage, string> = {
  queued: 'Waiting to start',
  downloading: 'Downloading the video',
  probing: 'Reading the video',
  analyzing: 'Finding the best moments',
  transcribing: 'Transcribing speech',
  selecting: 'Picking the clips',
  rendering: 'Rendering clips',
  done: 'Finishing up',
};

/** The label of a stage; an unknown stage (a newer server) reads as 'Working'. */
export function clipStageLabel(stage: string): string {
  return (CLIP_STAGE_LABELS as Record<string, string | undefined>)[stage] ?? 'Working';
}

/** A job that will not change any more. */
export function isFinished(status: TClipJobStatus['status']): boolean {
  return status === 'done' || status === 'failed' || status === 'cancelled';
}
