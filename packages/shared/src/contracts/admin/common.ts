import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 50] as const;

/** page and pageSize of every admin list (the lists offer 10, 20 or 50 rows a page). */
export const ZPagination = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 20 or 50')
    .default(10),
});

export const ZSortDir = z.enum(['asc', 'desc']);
export const ZSearch = z.string().trim().max(200, 'search must be at most 200 characters').optional();

export const ZTimelineEntry = z.object({
  id: z.string(),
  text: z.string(),
  who: z.string(),
  ts: z.string(),
  /** Shown to the client on their own request (opened, status changes, replies); internal notes are not. */
  forClient: z.boolean(),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

export const ZIdParams = z.object({ id: z.string().min(1).max(100) });

export const ZOk = z.object({ ok: z.literal(true) });

export const listResponse = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });
