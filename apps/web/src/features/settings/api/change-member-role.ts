import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMemberRole, TWorkspaceMember } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** PATCH /api/workspace/members/{userId}: makes a teammate an editor or an approver. */
export function changeMemberRole(input: { userId: string; role: TMemberRole }): Promise<TWorkspaceMember> {
  return apiFetch<TWorkspaceMember>(`/api/workspace/members/${encodeURIComponent(input.userId)}`, {
    method: 'PATCH',
    json: { role: input.role },
  });
}

/** mutate({ userId, role }); the team reloads after any attempt, so the select shows what the server holds. */
export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.members }),
  });
}
