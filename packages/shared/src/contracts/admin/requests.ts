import { z } from 'zod';
import { ZOnboardingData } from '../onboarding.ts';
import { listResponse, ZPagination, ZSearch, ZSortDir } from './common.ts';

export const REQUEST_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const ZRequestStatus = z.enum(REQUEST_STATUSES);
export type TRequestStatus = z.infer<typeof ZRequestStatus>;
export const REQUEST_TYPES = ['onboarding', 'support', 'content_brief'] as const;
export const ZRequestType = z.enum(REQUEST_TYPES);

export const ZRequest = z.object({
  id: z.string(),
  type: ZRequestType,
  subject: z.string(),
  requester: z.string(),
  status: ZRequestStatus,
  createdAt: z.string(),
  clientId: z.string().nullable(),
});
export type TRequest = z.infer<typeof ZRequest>;

/** GET /api/admin/requests */
export const ZListRequestsQuery = ZPagination.extend({
  search: ZSearch,
  status: ZRequestStatus.optional(),
  type: ZRequestType.optional(),
  sortBy: z.enum(['createdAt', 'type', 'subject', 'requester', 'status']).default('createdAt'),
  sortDir: ZSortDir.default('desc'),
});
export type TListRequestsQuery = z.input<typeof ZListRequestsQuery>;
export const ZListRequestsResponse = listResponse(ZRequest);
export type TListRequestsResponse = z.infer<typeof ZListRequestsResponse>;

/** POST /api/admin/requests */
export const ZCreateRequestRequest = z.object({
  type: ZRequestType,
  subject: z.string().trim().min(1, 'subject is required').max(200, 'subject must be at most 200 characters'),
  requester: z.string().trim().toLowerCase().pipe(z.email('requester must be an email address')),
});

/** PATCH /api/admin/requests/{id} */
export const ZUpdateRequestRequest = z.object({ status: ZRequestStatus });

/** POST /api/admin/requests/{id}/notes */
export const ZAddNoteRequest = z.object({
  note: z.string({ error: 'note is required' }).trim().min(1, 'note must not be empty').max(4000, 'note must be at most 4000 characters'),
});

/**
 * Questionnaire answers kept on an onboarding request instead of replacing a record (they came
 * from the public form, not from the workspace's signed-in owner), beside the record they would
 * replace. GET /api/admin/requests/{id}/submission answers { submission: null } for other requests;
 * POST …/submission/apply answers the submission as applied.
 */
export const ZOnboardingSubmission = z.object({
  id: z.string(),
  createdAt: z.string(),
  data: ZOnboardingData,
  clientId: z.string().nullable(),
  /** The client's record now; null when it has none (or the answers name no client). */
  current: ZOnboardingData.nullable(),
  appliedAt: z.string().nullable(),
  appliedBy: z.string().nullable(),
});
export type TOnboardingSubmission = z.infer<typeof ZOnboardingSubmission>;
export const ZRequestSubmissionResponse = z.object({ submission: ZOnboardingSubmission.nullable() });
export type TRequestSubmissionResponse = z.infer<typeof ZRequestSubmissionResponse>;
