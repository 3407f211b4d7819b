import { z } from 'zod';

export const OVERVIEW_RANGES = ['7d', '30d', '90d'] as const;
export const ZOverviewQuery = z.object({ range: z.enum(OVERVIEW_RANGES).default('7d') });
export type TOverviewRange = (typeof OVERVIEW_RANGES)[number];

export const HEALTH_STATES = ['healthy', 'degraded', 'down'] as const;
export const ZHealthCheck = z.object({ name: z.string(), status: z.enum(HEALTH_STATES), detail: z.string() });

/** GET /api/admin/overview */
export const ZOverviewResponse = z.object({
  kpis: z.object({
    totalClients: z.number().int(),
    activeWorkspaces: z.number().int(),
    pendingRequests: z.number().int(),
    mrrUsd: z.number().int(),
  }),
  /** Staff and client activity per day over the range, oldest first. */
  weeklyJobs: z.array(z.number().int()),
  health: z.array(ZHealthCheck),
  /** When the checks ran: they run in the background (every 30 s by default), not for each request. */
  healthCheckedAt: z.string(),
  topClients: z.array(z.object({ id: z.string(), name: z.string(), owner: z.string(), posts: z.number().int(), status: z.string() })),
  recent: z.array(z.object({ what: z.string(), when: z.string(), who: z.string() })),
});
export type TOverviewResponse = z.infer<typeof ZOverviewResponse>;
