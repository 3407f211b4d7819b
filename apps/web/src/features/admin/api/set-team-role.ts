import type { z } from 'zod';
import type { ZSetRoleRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

export type TSetRoleRequest = z.infer<typeof ZSetRoleRequest>;

/** PUT /api/admin/team/{userId} (founders only); role 'client' removes staff access. */
export async function setTeamRole(userId: string, input: TSetRoleRequest): Promise<void> {
  await apiFetch<unknown>(`/api/admin/team/${encodeURIComponent(userId)}`, { method: 'PUT', json: input });
}
