import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { clientDataKeys } from '@/lib/client-data/keys';

/** DELETE /api/social/{id}: forgets the channel and its tokens (204). */
export function removeSocialConnection(id: string): Promise<void> {
  return apiFetch<void>(`/api/social/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** mutate(id); the channels reload after any attempt. */
export function useRemoveSocialConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSocialConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientDataKeys.socialConnections }),
  });
}
