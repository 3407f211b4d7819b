import { z } from 'zod';
import { ZTimeZone } from './workspace.ts';

// A file of its own: the dashboard's first page loads the drafts contracts, and needs none of this.

/** 'YYYY-MM-DDTHH:mm': a wall-clock time, as a datetime-local field gives it. */
export const ZLocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'local must be a date and time such as 2026-03-29T09:30');

/**
 * POST /api/drafts/{id}/schedule: an exact time, either as an instant with its offset (`at`), or
 * as a wall-clock time (`local`) in `timeZone` (default: the workspace's zone, else UTC). It must
 * be in the future.
 */
export const ZScheduleDraftRequest = z
  .object({
    at: z.iso
      .datetime({ offset: true, error: 'at must be an ISO 8601 date-time with an offset, such as 2026-03-29T09:30:00Z' })
      // The format allows days no month has (February 30).
      .refine((value) => !Number.isNaN(Date.parse(value)), 'at is not a date any calendar has')
      .optional(),
    local: ZLocalDateTime.optional(),
    timeZone: ZTimeZone.optional(),
  })
  .refine((body) => (body.at === undefined) !== (body.local === undefined), 'Send either at or local');
export type TScheduleDraftRequest = z.infer<typeof ZScheduleDraftRequest>;
