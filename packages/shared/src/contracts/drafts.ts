import { z } from 'zod';

export const DRAFT_CHANNELS = ['instagram', 'twitter', 'youtube', 'linkedin'] as const;
export const ZDraftChannel = z.enum(DRAFT_CHANNELS);
export type TDraftChannel = z.infer<typeof ZDraftChannel>;
export const DRAFT_TYPES = ['post', 'reel', 'thread', 'video'] as const;
export const ZDraftType = z.enum(DRAFT_TYPES);
export type TDraftType = z.infer<typeof ZDraftType>;
export const DRAFT_STATUSES = ['draft', 'queued', 'publishing', 'published'] as const;
export type TDraftStatus = (typeof DRAFT_STATUSES)[number];

/** Queue schedules one hour ahead; Publish now completes about 1.2 s later. */
export const QUEUE_OFFSET_MS = 60 * 60 * 1000;
export const PUBLISH_DELAY_MS = 1200;

export const ZDraft = z.object({
  id: z.string(),
  channel: ZDraftChannel,
  type: ZDraftType,
  text: z.string(),
  status: z.enum(DRAFT_STATUSES),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  media: z.object({ url: z.string(), type: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDraft = z.infer<typeof ZDraft>;

/** GET /api/drafts?channel= */
export const ZListDraftsQuery = z.object({ channel: ZDraftChannel.optional() });
export const ZDraftList = z.array(ZDraft);

/** POST /api/drafts */
export const ZCreateDraftRequest = z.object({
  channel: ZDraftChannel.default('instagram'),
  type: ZDraftType,
  text: z.string().max(10_000, 'text must be at most 10000 characters').default(''),
});
export type TCreateDraftRequest = z.input<typeof ZCreateDraftRequest>;

/** PATCH /api/drafts/{id}: edit text or channel while not published. */
export const ZUpdateDraftRequest = z
  .object({ text: z.string().max(10_000, 'text must be at most 10000 characters').optional(), channel: ZDraftChannel.optional() })
  .refine((b) => b.text !== undefined || b.channel !== undefined, 'Send text or channel');
export type TUpdateDraftRequest = z.infer<typeof ZUpdateDraftRequest>;

/** POST /api/drafts/{id}/queue | /publish | /requeue answer the draft; DELETE /api/drafts/{id} answers 204. */
export const DRAFT_ACTIONS = ['queue', 'publish', 'requeue'] as const;
