import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateWorkspaceRequest, TWorkspace } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientDataKeys } from '@/lib/client-data/keys';

/** PATCH /api/workspace: default cadence and time-zone override (null = each user's own zone). */
export function updateWorkspace(input: TUpdateWorkspaceRequest): Promise<TWorkspace> {
  return apiFetch<TWorkspace>('/api/workspace', { method: 'PATCH', json: input });
}

/** The answer is the workspace as saved; it replaces the cached one, so every page shows times in the new zone. */
export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspace,
    onSuccess: (workspace) => queryClient.setQueryData(clientDataKeys.workspace, workspace),
  });
}
