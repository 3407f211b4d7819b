import type { TSetRoleRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** PUT /api/admin/team/{userId} (founders only); role 'client' removes staff access. */
export async function setTeamRole(userId: string, input: TSetRoleRequest): Promise<void> {
  await apiFetch<unknown>(`/api/admin/team/${encodeURIComponent(userId)}`, { method: 'PUT', json: input });
}
