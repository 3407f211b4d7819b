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

/** GET /api/workspace: the signed-in client's workspace. */
export const ZWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  plan: z.string(),
  status: z.string(),
  /** Workspace override; null = use each user's own zone. */
  timeZone: z.string().nullable(),
  cadence: z.enum(CADENCES),
});
export type TWorkspace = z.infer<typeof ZWorkspace>;

/** PATCH /api/workspace */
export const ZUpdateWorkspaceRequest = z.object({
  cadence: z.enum(CADENCES).optional(),
  timeZone: ZTimeZone.nullable().optional(),
});
export type TUpdateWorkspaceRequest = z.infer<typeof ZUpdateWorkspaceRequest>;

/** DELETE /api/workspace: the user types the workspace name to confirm. */
export const ZDeleteWorkspaceRequest = z.object({ confirmName: z.string() });
