import { z } from 'zod';
import { DRAFT_CHANNELS } from '../channels.ts';
import { ASPECT_RATIOS, CAPTION_STYLES, CLIP_DURATION, LOOK_FOR_MAX_CHARS, NO_FACE_FRAMINGS, NUM_CLIPS } from '../clip-limits.ts';
import { ZDraft } from './drafts.ts';

/** Where the source comes from; subtitles are on by default. */
export const INPUT_TYPES = ['Upload Video File', 'YouTube URL'] as const;
/** Clips and sources are purged two hours after the job ends. */
export const CLIP_RETENTION_SECONDS = 2 * 60 * 60;

/**
 * POST /api/process: the multipart/form-data fields, as the OpenAPI document shows them. Every
 * value arrives as text; the server reads the fields in any order, streams video_file to disk,
 * and answers 400 naming the first bad field.
 */
export const ZClipJobRequest = z.object({
  input_type: z.enum(INPUT_TYPES).default(INPUT_TYPES[0]),
  clip_duration: z
    .int()
    .min(CLIP_DURATION.min)
    .max(CLIP_DURATION.max)
    .multipleOf(CLIP_DURATION.step)
    .default(CLIP_DURATION.default)
    .describe('Seconds per clip'),
  num_clips: z.int().min(NUM_CLIPS.min).max(NUM_CLIPS.max).default(NUM_CLIPS.default),
  add_subtitles: z.boolean().default(true).describe('Burn word-by-word captions into the clips'),
  aspect_ratio: z
    .enum(ASPECT_RATIOS)
    .default('original')
    .describe("The clips' frame: the source's own, or 9:16, 1:1 or 4:5 cropped to follow the main face"),
  no_face_framing: z
    .enum(NO_FACE_FRAMINGS)
    .default('center')
    .describe('Reframed clips, where no face is found: a centred crop, or the whole frame over a blurred copy of itself'),
  caption_style: z.enum(CAPTION_STYLES).default('bold').describe('How the captions look: bold (Bold pop), boxed, clean'),
  look_for: z
    .string()
    .max(LOOK_FOR_MAX_CHARS)
    .optional()
    .describe('What to look for ("moments about pricing", "funny bits"): steers the choice of moments'),
  video_file: z
    .file()
    .optional()
    .describe('With input_type "Upload Video File": the video (MP4, MPEG, QuickTime, Matroska or WebM), up to about 2 hours'),
  youtube_url: z.url().optional().describe('With input_type "YouTube URL": a youtube.com or youtu.be link to a video of up to 60 minutes'),
  async: z.boolean().default(false).describe('true: answer 202 with the job id at once; otherwise the answer waits for the clips'),
});
export type TClipJobRequest = z.input<typeof ZClipJobRequest>;

/** One clip of a finished job. Times are seconds in the source; virality_score is out of 10. */
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
  /** The clip's frame (its video is that shape). */
  aspect_ratio: z.enum(ASPECT_RATIOS),
  /** The draft made from this clip ("Create draft"), while the job is kept. */
  draft_id: z.string().nullable(),
});
export type TClipResult = z.infer<typeof ZClipResult>;

/** POST /api/process answer (200) once the clips are made; also the result of a finished job's status. */
export const ZClipJobResponse = z.object({
  status_message: z.string(),
  clips: z.array(ZClipResult),
  metadata: z.object({ title: z.string(), uploader: z.string(), duration: z.number() }),
  job_id: z.string(),
  expires_in_seconds: z.number().int(),
});
export type TClipJobResponse = z.infer<typeof ZClipJobResponse>;

/** POST /api/process with async=true: 202 at once; the job is followed at /api/clipper/jobs/{job_id}. */
export const ZClipJobAccepted = z.object({ job_id: z.string() });
export type TClipJobAccepted = z.infer<typeof ZClipJobAccepted>;

export const CLIP_STAGES = ['queued', 'downloading', 'probing', 'analyzing', 'transcribing', 'selecting', 'rendering', 'done'] as const;
export type TClipStage = (typeof CLIP_STAGES)[number];

/** Path params of /api/clipper/jobs/{id} and /api/clipper/jobs/{id}/events. */
export const ZClipJobParams = z.object({ id: z.string().min(1).max(100) });

/**
 * GET /api/clipper/jobs/{id}, and the data of each event of GET /api/clipper/jobs/{id}/events
 * (text/event-stream: one `data: {…}` line per change, `: keep-alive` comments in between, ending
 * after the job's final status). DELETE /api/clipper/jobs/{id} cancels the job and answers 204.
 */
export const ZClipJobStatus = z.object({
  job_id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  stage: z.enum(CLIP_STAGES),
  percent: z.number(),
  result: ZClipJobResponse.nullable(),
  detail: z.string().nullable(),
});
export type TClipJobStatus = z.infer<typeof ZClipJobStatus>;

/**
 * GET /api/clipper/files/{id}/{n}: a clip's signed download link (from a clip's download_url),
 * valid without a session until `expires` (Unix seconds). Answers video/mp4, with byte ranges.
 */
export const ZClipFileParams = z.object({ id: z.string().min(1).max(100), n: z.coerce.number().int().min(1) });
export const ZClipFileQuery = z.object({ expires: z.coerce.number().int(), sig: z.string().max(128) });

/**
 * Every failure of the clipper API: `detail` is the text to show (the web app shows it as is);
 * `error` carries the same text, as in the rest of the API. A synchronous POST /api/process that
 * ends before its job (the server restarting) also names the job to follow.
 */
export const ZClipperError = z.object({ detail: z.string(), error: z.string(), job_id: z.string().optional() });
export type TClipperError = z.infer<typeof ZClipperError>;

/** Path params of POST /api/clipper/jobs/{id}/clips/{n}/draft. */
export const ZClipDraftParams = z.object({ id: z.string().min(1).max(100), n: z.coerce.number().int().min(1) });

/**
 * POST /api/clipper/jobs/{id}/clips/{n}/draft ("Create draft") and POST /api/clipper/jobs/{id}/drafts
 * ("Create drafts for all"): a Reel/Short draft per clip (a Video for clips in the source's frame) in
 * the job's workspace, the clip as its media, a caption written from the clip's words and the brand's
 * onboarding answers. Without a channel: Instagram for reframed clips, YouTube for the source's frame.
 */
export const ZClipDraftRequest = z.object({ channel: z.enum(DRAFT_CHANNELS).optional() });
export type TClipDraftRequest = z.infer<typeof ZClipDraftRequest>;

/** The drafts made (201); a clip that already has its draft answers that draft again, unchanged. */
export const ZClipDrafts = z.object({ drafts: z.array(ZDraft) });
export type TClipDrafts = z.infer<typeof ZClipDrafts>;
