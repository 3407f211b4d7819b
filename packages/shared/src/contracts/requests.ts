import { z } from 'zod';
import { ZRequestStatus, ZRequestType } from './admin/requests.ts';
import { ZTimelineEntry } from './admin/common.ts';
import { DRAFT_STATUSES, type TDraftStatus, type TReviewState } from '../channels.ts';
import { ZDraftChannel, ZDraftType, ZReviewState } from './drafts.ts';

/** What a client may open from the dashboard (onboarding requests come from the questionnaire). */
export const CLIENT_REQUEST_TYPES = ['support', 'content_brief'] as const;
export type TClientRequestType = (typeof CLIENT_REQUEST_TYPES)[number];

/** How request types read on screen, in the dashboard and the admin console alike. */
export const REQUEST_TYPE_LABELS = { onboarding: 'Onboarding', support: 'Support', content_brief: 'Content brief' } as const;

/** How review states read on screen, wherever a draft's review shows. */
export const REVIEW_STATE_LABELS: Record<TReviewState, string> = {
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

/**
 * Where a draft stands, in a word or two: published (or on its way) first; then a review waiting
 * for an answer, which comes before publishing even for a queued draft; then queued; then approved.
 */
export function draftStandingLabel(draft: { status: TDraftStatus; reviewState: TReviewState | null }): string {
  if (draft.status === 'published' || draft.status === 'publishing') return draft.status === 'published' ? 'Published' : 'Publishing';
  // A post that did not go out at its time needs someone before anything else.
  if (draft.status === 'failed' || draft.status === 'held') return draft.status === 'failed' ? 'Failed' : 'Held';
  if (draft.reviewState === 'in_review' || draft.reviewState === 'changes_requested') return REVIEW_STATE_LABELS[draft.reviewState];
  if (draft.status === 'queued') return 'Queued';
  return draft.reviewState ? REVIEW_STATE_LABELS[draft.reviewState] : 'Draft';
}

/** The most files one request holds. */
export const MAX_REQUEST_ATTACHMENTS = 10;

/** POST /api/requests */
export const ZOpenClientRequest = z.object({
  type: z.enum(CLIENT_REQUEST_TYPES, { error: 'type must be support or content_brief' }),
  subject: z.string().trim().min(1, 'subject is required').max(200, 'subject must be at most 200 characters'),
  description: z.string().trim().max(10_000, 'description must be at most 10000 characters').default(''),
});
export type TOpenClientRequest = z.input<typeof ZOpenClientRequest>;

export const ZClientRequest = z.object({
  id: z.string(),
  type: ZRequestType,
  subject: z.string(),
  description: z.string().nullable(),
  status: ZRequestStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TClientRequest = z.infer<typeof ZClientRequest>;

/** GET /api/requests: the workspace's requests, newest first. */
export const ZListClientRequestsResponse = z.object({ requests: z.array(ZClientRequest) });
export type TListClientRequestsResponse = z.infer<typeof ZListClientRequestsResponse>;

export const ZRequestAttachment = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Opens with the caller's session (the client's or staff's). */
  url: z.string(),
  createdAt: z.string(),
});
export type TRequestAttachment = z.infer<typeof ZRequestAttachment>;

/** A draft made from a request, as the request lists it. */
export const ZRequestDraft = z.object({
  id: z.string(),
  channel: ZDraftChannel,
  type: ZDraftType,
  /** The first words of the text. */
  excerpt: z.string(),
  status: z.enum(DRAFT_STATUSES),
  reviewState: ZReviewState.nullable(),
  scheduledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TRequestDraft = z.infer<typeof ZRequestDraft>;

/** A timeline entry as the client sees it. */
export const ZClientTimelineEntry = ZTimelineEntry.extend({
  /** Written by Hookline's team (a reply, a status change), not by the one who opened the request. */
  fromTeam: z.boolean(),
});
export type TClientTimelineEntry = z.infer<typeof ZClientTimelineEntry>;

/** GET /api/requests/{id}: the request with the timeline entries meant for the client (no internal notes), newest first. */
export const ZClientRequestDetail = z.object({
  request: ZClientRequest,
  timeline: z.array(ZClientTimelineEntry),
  attachments: z.array(ZRequestAttachment),
  drafts: z.array(ZRequestDraft),
});
export type TClientRequestDetail = z.infer<typeof ZClientRequestDetail>;

/** POST /api/admin/requests/{id}/replies: a reply the client sees on the request and receives by mail. */
export const ZReplyToClientRequest = z.object({
  text: z.string({ error: 'text is required' }).trim().min(1, 'text must not be empty').max(4000, 'text must be at most 4000 characters'),
});
export type TReplyToClientRequest = z.infer<typeof ZReplyToClientRequest>;

/** GET /api/requests/{id}/attachments/{attachmentId} */
export const ZAttachmentParams = z.object({ id: z.string().min(1).max(100), attachmentId: z.string().min(1).max(100) });

/** GET /api/admin/requests/{id}/work: what staff see besides the timeline. */
export const ZRequestWork = z.object({
  description: z.string().nullable(),
  attachments: z.array(ZRequestAttachment),
  drafts: z.array(ZRequestDraft),
});
export type TRequestWork = z.infer<typeof ZRequestWork>;

/**
 * GET /api/admin/clients/{id}/drafts: the workspace's unpublished drafts by where they stand, each
 * in one group: review first (a queued draft sent back to review is in review), approved ones not
 * yet queued, then the queue by time.
 */
export const ZWorkspaceDraftsByState = z.object({
  inReview: z.array(ZRequestDraft),
  changesRequested: z.array(ZRequestDraft),
  approved: z.array(ZRequestDraft),
  scheduled: z.array(ZRequestDraft),
});
export type TWorkspaceDraftsByState = z.infer<typeof ZWorkspaceDraftsByState>;
