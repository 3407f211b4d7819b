import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** DELETE /api/workspace/api-keys/{id}: the key stops working at its next request. */
export function revokeApiKey(id: string): Promise<void> {
  return apiFetch<void>(`/api/workspace/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** mutate(id); the list reloads after any attempt (a key revoked meanwhile answers 404 and leaves the list). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys }) });
}
