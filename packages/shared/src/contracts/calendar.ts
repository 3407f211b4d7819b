import { z } from 'zod';
import { ZDraft, ZDraftChannel } from './drafts.ts';

/** The longest range one calendar call covers: a month view (six weeks) with room to spare. */
export const CALENDAR_MAX_DAYS = 62;
const DAY_MS = 24 * 60 * 60 * 1000;

/** At most this many posts in one answer, earliest first; `truncated` says when more were left out. */
export const CALENDAR_MAX_POSTS = 2000;

/** What a calendar shows: posts with a time, planned or past; plain drafts have none. */
export const CALENDAR_STATUSES = ['queued', 'publishing', 'published', 'failed', 'held'] as const;

const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO 8601 date-time with an offset, such as 2026-03-01T00:00:00Z` })
    // The format allows days no month has (February 30).
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} is not a date any calendar has`);

const ZCalendarRange = z.object({ from: instant('from'), to: instant('to'), channel: ZDraftChannel.optional() });

/** from < to, at most CALENDAR_MAX_DAYS apart; the message names `to`, the end to change. */
const checkRange = (range: { from: string; to: string }, ctx: z.core.$RefinementCtx) => {
  const span = Date.parse(range.to) - Date.parse(range.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be later than from' });
  else if (span > CALENDAR_MAX_DAYS * DAY_MS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `from and to may be at most ${CALENDAR_MAX_DAYS} days apart` });
  }
};

/**
 * GET /api/calendar?from=&to=&channel=: the workspace's posts whose scheduled or published time is
 * in [from, to), with a calendar status (CALENDAR_STATUSES).
 */
export const ZCalendarQuery = ZCalendarRange.superRefine(checkRange);
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;

/** The zone is the workspace's own (null: it chose none, so each viewer's). */
export const ZCalendar = z.object({ timeZone: z.string().nullable(), posts: z.array(ZDraft), truncated: z.boolean() });
export type TCalendar = z.infer<typeof ZCalendar>;

/** GET /api/admin/calendar?from=&to=&clientId=&channel=: the same across the clients the staff member sees. */
export const ZAdminCalendarQuery = ZCalendarRange.extend({
  clientId: z.string().min(1, 'clientId must not be empty').max(100, 'clientId must be at most 100 characters').optional(),
}).superRefine(checkRange);
export type TAdminCalendarQuery = z.infer<typeof ZAdminCalendarQuery>;

/**
 * What the agency calendar shows of a post: its chip and its details. Across all clients a month
 * holds thousands of posts, so the answer leaves out what only the workspace's own pages use
 * (media, checks, review state, metrics).
 */
export const ZCalendarPost = ZDraft.pick({
  id: true,
  channel: true,
  type: true,
  text: true,
  status: true,
  scheduledAt: true,
  publishedAt: true,
  failureReason: true,
  publishedTo: true,
  postUrl: true,
});
export type TCalendarPost = z.infer<typeof ZCalendarPost>;

export const ZAdminCalendarPost = ZCalendarPost.extend({ workspaceId: z.string(), workspaceName: z.string() });
export type TAdminCalendarPost = z.infer<typeof ZAdminCalendarPost>;
export const ZAdminCalendar = z.object({ posts: z.array(ZAdminCalendarPost), truncated: z.boolean() });
export type TAdminCalendar = z.infer<typeof ZAdminCalendar>;
