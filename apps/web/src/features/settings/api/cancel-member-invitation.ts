import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** DELETE /api/workspace/members/invitations/{id}: the link stops working (204). */
export function cancelMemberInvitation(id: string): Promise<void> {
  return apiFetch<void>(`/api/workspace/members/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** mutate(id); the team reloads after any attempt (one accepted meanwhile shows as a teammate). */
export function useCancelMemberInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMemberInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.members }),
  });
}
