import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** DELETE /api/workspace/members/{userId}: removes a teammate, or (one's own id) leaves the workspace. */
export function removeMember(userId: string): Promise<void> {
  return apiFetch<void>(`/api/workspace/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

/** mutate(userId); the team reloads after any attempt. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.members }),
  });
}
