import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGrantRoleRequest, TStaffMember } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/team (founders only): an existing account becomes manager or admin. */
export function grantTeamRole(input: TGrantRoleRequest): Promise<TStaffMember> {
  return apiFetch<TStaffMember>('/api/admin/team', { method: 'POST', json: input });
}

export function useGrantTeamRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantTeamRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team }),
  });
}
