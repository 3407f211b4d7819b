import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkspaceSummary, TCreateWorkspaceRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/clients; 409 when the owner email already has a workspace. */
export function createWorkspace(input: TCreateWorkspaceRequest): Promise<TWorkspaceSummary> {
  return apiFetch<TWorkspaceSummary>('/api/admin/clients', { method: 'POST', json: input });
}

/** A new workspace also shows in the requests (its onboarding) and the overview; the lists reload after any attempt. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.clients }),
        queryClient.invalidateQueries({ queryKey: adminKeys.requests }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overviews }),
      ]),
  });
}
