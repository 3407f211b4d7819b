import type { TGrantRoleRequest, TStaffMember } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** POST /api/admin/team (founders only): an existing account becomes manager or admin. */
export function grantTeamRole(input: TGrantRoleRequest): Promise<TStaffMember> {
  return apiFetch<TStaffMember>('/api/admin/team', { method: 'POST', json: input });
}
