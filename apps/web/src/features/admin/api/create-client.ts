import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClient, TCreateClientRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/clients; 409 when the owner email already has a workspace. */
export function createClient(input: TCreateClientRequest): Promise<TClient> {
  return apiFetch<TClient>('/api/admin/clients', { method: 'POST', json: input });
}

/** A new client also shows in the requests (its onboarding) and the overview; the lists reload after any attempt. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.clients }),
        queryClient.invalidateQueries({ queryKey: adminKeys.requests }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overviews }),
      ]),
  });
}
