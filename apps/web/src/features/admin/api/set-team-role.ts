import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSetRoleRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

/** PUT /api/admin/team/{userId} (founders only); role 'client' removes staff access. */
export async function setTeamRole(userId: string, input: TSetRoleRequest): Promise<void> {
  await apiFetch<unknown>(`/api/admin/team/${encodeURIComponent(userId)}`, { method: 'PUT', json: input });
}

export function useSetTeamRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: TSetRoleRequest }) => setTeamRole(userId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team }),
  });
}
