import { z } from 'zod';

export const CADENCES = ['Daily', '3x per week', 'Weekly'] as const;

/** An IANA time-zone name the runtime knows ("Europe/Berlin"). */
export const ZTimeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'timeZone must be an IANA time zone such as Europe/Berlin');

/**
 * How the caller may act in a workspace: its owner; a teammate the owner invited (an editor drafts
 * and comments, an approver also approves); or staff (an admin, a founder, or a manager assigned to it).
 */
export const WORKSPACE_ACCESS = ['owner', 'editor', 'approver', 'staff'] as const;
export const ZWorkspaceAccess = z.enum(WORKSPACE_ACCESS);
export type TWorkspaceAccess = z.infer<typeof ZWorkspaceAccess>;

/** GET /api/workspace: the workspace a dashboard call acts on, and how the caller may act in it. */
export const ZWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  plan: z.string(),
  status: z.string(),
  /** Workspace override; null = use each user's own zone. */
  timeZone: z.string().nullable(),
  cadence: z.enum(CADENCES),
  access: ZWorkspaceAccess,
  /** Only approved drafts may be queued or published (on by default for managed and enterprise plans). */
  requireApproval: z.boolean(),
  /** null: posts that fell due while nothing ran go out at the next start; N: those more than N minutes late are held. */
  holdLateMinutes: z.number().int().nullable(),
});
export type TWorkspace = z.infer<typeof ZWorkspace>;

/** PATCH /api/workspace: the owner and staff only (a teammate gets 403); answers the workspace as saved. */
export const ZUpdateWorkspaceRequest = z.object({
  cadence: z.enum(CADENCES).optional(),
  timeZone: ZTimeZone.nullable().optional(),
  /** Unset, it follows the plan (on for managed and enterprise); once set, it stays as chosen. */
  requireApproval: z.boolean().optional(),
  holdLateMinutes: z
    .number()
    .int('holdLateMinutes must be a whole number of minutes')
    .min(1, 'holdLateMinutes must be at least 1')
    .max(10_080, 'holdLateMinutes must be at most 10080 (a week)')
    .nullable()
    .optional(),
});
export type TUpdateWorkspaceRequest = z.infer<typeof ZUpdateWorkspaceRequest>;

/** DELETE /api/workspace: the user types the workspace name to confirm. */
export const ZDeleteWorkspaceRequest = z.object({ confirmName: z.string() });

/** A workspace id as a caller names it: ids are UUIDs, so anything else is a mistake worth a 400. */
export const ZWorkspaceId = z
  .string()
  .max(36, 'must be a workspace id (at most 36 characters)')
  // Spelled without the i flag: the contract fuzzer generates from the pattern.
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'must be a workspace id');

/**
 * GET /api/workspaces: the workspaces the signed-in user may open, for the dashboard's switcher: a
 * client's own and those they are a teammate in (access: their role); for staff, their clients.
 */
export const ZListAccessibleWorkspacesQuery = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZAccessibleWorkspace = z.object({ id: z.string(), name: z.string(), owner: z.string(), access: ZWorkspaceAccess });
export type TAccessibleWorkspace = z.infer<typeof ZAccessibleWorkspace>;
export const ZListAccessibleWorkspacesResponse = z.object({ workspaces: z.array(ZAccessibleWorkspace) });
export type TListAccessibleWorkspacesResponse = z.infer<typeof ZListAccessibleWorkspacesResponse>;
