import { z } from 'zod';
import { ZDraftChannel, ZDraftComment, ZDraftType, ZReviewState, ZSeenVersion } from './drafts.ts';

export const REVIEW_LINK_DEFAULT_DAYS = 14;

/** POST /api/review-links (staff in the workspace): mails a link that approves without an account. */
export const ZCreateReviewLinkRequest = z.object({
  draftIds: z
    .array(z.string().min(1).max(100))
    .min(1, 'draftIds: choose at least one draft')
    .max(50, 'draftIds: at most 50 drafts per link'),
  email: z.string().trim().toLowerCase().pipe(z.email('email must be an email address')),
  expiresInDays: z
    .number()
    .int()
    .min(1, 'expiresInDays must be 1 to 60')
    .max(60, 'expiresInDays must be 1 to 60')
    .default(REVIEW_LINK_DEFAULT_DAYS),
});
export type TCreateReviewLinkRequest = z.input<typeof ZCreateReviewLinkRequest>;

export const ZReviewLink = z.object({
  id: z.string(),
  email: z.string(),
  draftIds: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type TReviewLink = z.infer<typeof ZReviewLink>;

/** GET /api/review-links: newest first. POST /api/review-links/{id}/revoke answers the revoked link. */
export const ZListReviewLinksResponse = z.object({ links: z.array(ZReviewLink) });
export type TListReviewLinksResponse = z.infer<typeof ZListReviewLinksResponse>;

/** The token from a review link (it rides in the page's fragment and is posted in bodies, never in URLs). */
export const ZReviewToken = z
  .string({ error: 'token is required' })
  .min(1, 'token is required')
  .max(200, 'token must be at most 200 characters');

/** POST /api/review/lookup (public) */
export const ZReviewLookupRequest = z.object({ token: ZReviewToken });

/** GET /api/review/media/{id}?expires=&sig= (public): a review page's media, by a short-lived signed URL. */
export const ZReviewMediaQuery = z.object({
  expires: z.coerce.number({ error: 'expires must be a number' }).int('expires must be a whole number'),
  sig: z.string({ error: 'sig is required' }).max(128, 'sig must be at most 128 characters'),
});

/** One draft as the review page shows it: no internal comments, media through a short-lived signed URL. */
export const ZReviewDraft = z.object({
  id: z.string(),
  channel: ZDraftChannel,
  type: ZDraftType,
  text: z.string(),
  reviewState: ZReviewState.nullable(),
  media: z.object({ url: z.string(), type: z.string(), name: z.string() }).nullable(),
  comments: z.array(ZDraftComment),
  /** The version shown: a decision sends it back as `seen`. */
  updatedAt: z.string(),
});
export type TReviewDraft = z.infer<typeof ZReviewDraft>;

export const ZReviewPage = z.object({
  workspaceName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  drafts: z.array(ZReviewDraft),
});
export type TReviewPage = z.infer<typeof ZReviewPage>;

/**
 * POST /api/review/decide (public): approve, or request changes with a comment; the reviewer gives
 * a name. `seen` is required here: the holder of a link always decides from the page, on the
 * version it showed.
 */
export const ZReviewDecisionRequest = z
  .object({
    token: ZReviewToken,
    draftId: z.string().min(1).max(100),
    decision: z.enum(['approve', 'request_changes']),
    seen: ZSeenVersion,
    name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(120, 'name must be at most 120 characters'),
    comment: z.string().trim().max(4000, 'comment must be at most 4000 characters').optional(),
  })
  .refine((b) => b.decision === 'approve' || Boolean(b.comment), { message: 'comment: say what should change', path: ['comment'] });
export type TReviewDecisionRequest = z.infer<typeof ZReviewDecisionRequest>;
