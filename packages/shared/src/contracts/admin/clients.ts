import { z } from 'zod';
import { ZOnboardingData } from '../onboarding.ts';
import { listResponse, ZPagination, ZSearch, ZSortDir } from './common.ts';

export const WORKSPACE_STATUSES = ['active', 'paused'] as const;
export const ZWorkspaceStatus = z.enum(WORKSPACE_STATUSES);
export type TWorkspaceStatus = z.infer<typeof ZWorkspaceStatus>;

export const PLAN_KINDS = ['self_serve', 'managed', 'enterprise'] as const;
export const ZPlanKind = z.enum(PLAN_KINDS);
export type TPlanKind = z.infer<typeof ZPlanKind>;
/** Self-serve is the list price; managed and enterprise carry their negotiated monthly amount. */
export const SELF_SERVE_MONTHLY_USD = 29;

export const ZWorkspaceSummary = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  status: ZWorkspaceStatus,
  plan: ZPlanKind,
  planMonthlyUsd: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TWorkspaceSummary = z.infer<typeof ZWorkspaceSummary>;

/** GET /api/admin/clients */
export const ZListWorkspacesQuery = ZPagination.extend({
  search: ZSearch,
  status: ZWorkspaceStatus.optional(),
  sortBy: z.enum(['name', 'owner', 'status']).default('name'),
  sortDir: ZSortDir.default('asc'),
});
export type TListWorkspacesQuery = z.input<typeof ZListWorkspacesQuery>;
export const ZListWorkspacesResponse = listResponse(ZWorkspaceSummary);
export type TListWorkspacesResponse = z.infer<typeof ZListWorkspacesResponse>;

/** POST /api/admin/clients */
export const ZCreateWorkspaceRequest = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(120, 'name must be at most 120 characters'),
  owner: z.string({ error: 'owner is required' }).trim().toLowerCase().pipe(z.email('owner must be an email address')),
  status: ZWorkspaceStatus.default('active'),
});
export type TCreateWorkspaceRequest = z.input<typeof ZCreateWorkspaceRequest>;

/** PATCH /api/admin/clients/{id}: status and/or plan; managed and enterprise need a monthly amount. */
export const ZAdminUpdateWorkspaceRequest = z
  .object({
    status: ZWorkspaceStatus.optional(),
    plan: ZPlanKind.optional(),
    planMonthlyUsd: z.number().int().min(0).max(10_000_000).nullable().optional(),
  })
  .refine(
    (body) => body.status !== undefined || body.plan !== undefined || body.planMonthlyUsd !== undefined,
    'Send status, plan or planMonthlyUsd',
  );
export type TAdminUpdateWorkspaceRequest = z.infer<typeof ZAdminUpdateWorkspaceRequest>;

/** POST and DELETE /api/admin/clients/{id}/manager; GET …/managers answers a list of emails. */
export const ZManagerRequest = z.object({
  email: z.string({ error: 'email is required' }).trim().toLowerCase().min(1, 'email is required').max(254),
});
export const ZManagersResponse = z.array(z.string());

/** GET and PUT /api/admin/clients/{id}/onboarding */
export const ZOnboardingRecord = z.object({
  createdAt: z.string(),
  updatedAt: z.string(),
  data: ZOnboardingData,
  airtableRecordId: z.string().nullable(),
});
export type TOnboardingRecord = z.infer<typeof ZOnboardingRecord>;
export const ZOnboardingSyncQuery = z.object({ sync: z.enum(['0', '1']).optional() });
