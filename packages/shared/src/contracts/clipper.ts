import { z } from 'zod';

/** SPEC section 9: clip duration 15-90 s in steps of 5 (default 30), 1-5 clips (default 3), subtitles on. */
export const CLIP_DURATION = { min: 15, max: 90, step: 5, default: 30 } as const;
export const NUM_CLIPS = { min: 1, max: 5, default: 3 } as const;
export const INPUT_TYPES = ['Upload Video File', 'YouTube URL'] as const;
/** Clips and sources are purged two hours after the job ends. */
export const CLIP_RETENTION_SECONDS = 2 * 60 * 60;

/** One clip of a finished job (SPEC: Clip result). Times are seconds in the source. */
export const ZClipResult = z.object({
  clip_number: z.number().int(),
  virality_score: z.number(),
  start_time: z.number(),
  end_time: z.number(),
  duration: z.number(),
  text_preview: z.string(),
  source_video: z.string(),
  download_url: z.string(),
  file_name: z.string(),
});
export type TClipResult = z.infer<typeof ZClipResult>;

/** POST /api/process answer (SPEC: Clip job response). */
export const ZClipJobResponse = z.object({
  status_message: z.string(),
  clips: z.array(ZClipResult),
  metadata: z.object({ title: z.string(), uploader: z.string(), duration: z.number() }),
  job_id: z.string(),
  expires_in_seconds: z.number().int(),
});
export type TClipJobResponse = z.infer<typeof ZClipJobResponse>;

export const CLIP_STAGES = ['queued', 'downloading', 'probing', 'analyzing', 'transcribing', 'selecting', 'rendering', 'done'] as const;
export type TClipStage = (typeof CLIP_STAGES)[number];

/** GET /api/clipper/jobs/{id} and each server-sent progress event. */
export const ZClipJobStatus = z.object({
  job_id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  stage: z.enum(CLIP_STAGES),
  percent: z.number(),
  result: ZClipJobResponse.nullable(),
  detail: z.string().nullable(),
});
export type TClipJobStatus = z.infer<typeof ZClipJobStatus>;

/** Failures of the clipper API answer { detail } (SPEC section 7). */
export const ZClipperError = z.object({ detail: z.string() });
