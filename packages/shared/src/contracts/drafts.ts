import { z } from 'zod';
import { DRAFT_CHANNELS, DRAFT_STATUSES, DRAFT_TYPES, REVIEW_STATES } from '../channels.ts';

export const ZDraftChannel = z.enum(DRAFT_CHANNELS);
export const ZDraftType = z.enum(DRAFT_TYPES);
export const ZReviewState = z.enum(REVIEW_STATES);

/** A published post's figures as its network reports them; null where it does not report one. */
export const ZPostMetrics = z.object({
  views: z.number().nullable(),
  impressions: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  /** Reposts, retweets, boosts, shares. */
  reposts: z.number().nullable(),
  /** When they were read (ISO 8601). */
  fetchedAt: z.string(),
});
export type TPostMetrics = z.infer<typeof ZPostMetrics>;

export const ZDraft = z.object({
  id: z.string(),
  channel: ZDraftChannel,
  type: ZDraftType,
  text: z.string(),
  status: z.enum(DRAFT_STATUSES),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  media: z
    .object({
      url: z.string(),
      type: z.string(),
      name: z.string(),
      /** Its description for people who cannot see it (sent to networks that take one). */
      altText: z.string(),
    })
    .nullable(),
  /** The connected account it goes to; null: the workspace's first account of its channel. */
  connectionId: z.string().nullable(),
  /**
   * What the channel's network would refuse in it (text length counted the network's way, media
   * count, type, size, duration, aspect ratio, sound). Queueing is refused (422) while any remain
   * and an account of the channel is connected.
   */
  problems: z.array(z.string()),
  reviewState: ZReviewState.nullable(),
  /** The request staff made this draft from, if any. */
  requestId: z.string().nullable(),
  /** Why it failed or was held, or the temporary error a publishing post is being retried after. */
  failureReason: z.string().nullable(),
  /** How many seconds after its scheduled time it went out (or was held); null until then. */
  lateSeconds: z.number().nullable(),
  /** 'hookline' (published in Hookline only: no account of its network connected) or the network. */
  publishedTo: z.string().nullable(),
  /** The post on the network, once it is there. */
  postUrl: z.string().nullable(),
  /** The network's own answer when it refused the post, word for word (beside failureReason, Hookline's explanation). */
  platformError: z.string().nullable(),
  /** The post's figures on the network, fetched for 30 days after publishing; null until the first fetch. */
  metrics: ZPostMetrics.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDraft = z.infer<typeof ZDraft>;

/** GET /api/drafts?channel= */
export const ZListDraftsQuery = z.object({ channel: ZDraftChannel.optional() });
export type TListDraftsQuery = z.infer<typeof ZListDraftsQuery>;
export const ZDraftList = z.array(ZDraft);

/** POST /api/drafts */
export const ZCreateDraftRequest = z.object({
  channel: ZDraftChannel.default('instagram'),
  type: ZDraftType,
  text: z.string().max(10_000, 'text must be at most 10000 characters').default(''),
});
export type TCreateDraftRequest = z.input<typeof ZCreateDraftRequest>;

/**
 * PATCH /api/drafts/{id}: edit text, channel, the account it goes to (null: the channel's first) or
 * the media's description while not published.
 */
export const ZUpdateDraftRequest = z
  .object({
    text: z.string().max(10_000, 'text must be at most 10000 characters').optional(),
    channel: ZDraftChannel.optional(),
    connectionId: z.string().max(64).nullable().optional(),
    mediaAlt: z.string().max(1500, 'the media description must be at most 1500 characters').optional(),
  })
  .refine((b) => Object.values(b).some((value) => value !== undefined), 'Send text, channel, connectionId or mediaAlt');
export type TUpdateDraftRequest = z.infer<typeof ZUpdateDraftRequest>;

/**
 * POST /api/drafts/{id}/duplicate: copies of the draft (words and media) as new drafts for other
 * channels, each optionally for one connected account; answers the copies.
 */
export const ZDuplicateDraftRequest = z.object({
  to: z
    .array(z.object({ channel: ZDraftChannel, connectionId: z.string().max(64).nullable().default(null) }))
    .min(1, 'Choose at least one channel')
    .max(12, 'Choose at most 12 channels'),
});
export type TDuplicateDraftRequest = z.input<typeof ZDuplicateDraftRequest>;

/**
 * POST /api/drafts/{id}/queue | /publish | /requeue | /unqueue answer the draft; DELETE
 * /api/drafts/{id} answers 204. Publish on a failed or held post is its Retry.
 */
export const DRAFT_ACTIONS = ['queue', 'publish', 'requeue', 'unqueue'] as const;

/** POST /api/drafts/{id}/review (send for review, no body) and /approve answer the draft. */
export const REVIEW_ACTIONS = ['review', 'approve'] as const;

/**
 * The version of a draft a reviewer decides on: its updatedAt exactly as they received it. Every
 * change to a draft (its words, channel, media, state) gives it a new one, so a decision on a
 * version that changed since is refused (409) instead of approving words the reviewer never saw.
 */
export const ZSeenVersion = z
  .string({ error: 'seen is required: the updatedAt of the draft as you saw it' })
  .min(1, 'seen must not be empty')
  .max(64, 'seen must be at most 64 characters');

/** POST /api/drafts/{id}/approve: the body may be left out; with `seen`, only that version is approved. */
export const ZApproveDraftRequest = z.object({ seen: ZSeenVersion.optional() });
export type TApproveDraftRequest = z.infer<typeof ZApproveDraftRequest>;

const ZCommentText = z
  .string({ error: 'comment is required' })
  .trim()
  .min(1, 'comment must not be empty')
  .max(4000, 'comment must be at most 4000 characters');

/**
 * POST /api/drafts/{id}/request-changes: what should change, kept as the first comment of the
 * round; with `seen`, only if the draft is still the version the reviewer saw.
 */
export const ZRequestChangesRequest = z.object({ comment: ZCommentText, seen: ZSeenVersion.optional() });
export type TRequestChangesRequest = z.infer<typeof ZRequestChangesRequest>;

export const COMMENT_AUTHOR_KINDS = ['client', 'staff', 'reviewer'] as const;
export const ZDraftComment = z.object({
  id: z.string(),
  authorName: z.string(),
  /** client: the owner or a teammate; staff: Hookline's team; reviewer: someone with a review link. */
  authorKind: z.enum(COMMENT_AUTHOR_KINDS),
  /** Staff-only: never sent to the owner, teammates or a review link. */
  internal: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
});
export type TDraftComment = z.infer<typeof ZDraftComment>;

/** GET /api/drafts/{id}/comments: oldest first. */
export const ZDraftCommentList = z.array(ZDraftComment);

/** POST /api/drafts/{id}/comments: internal only from staff. */
export const ZAddDraftCommentRequest = z.object({ text: ZCommentText, internal: z.boolean().default(false) });
export type TAddDraftCommentRequest = z.input<typeof ZAddDraftCommentRequest>;
