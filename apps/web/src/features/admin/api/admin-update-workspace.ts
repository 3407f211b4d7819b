import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkspaceSummary, TAdminUpdateWorkspaceRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** PATCH status and/or plan; managed and enterprise plans carry planMonthlyUsd. */
export function adminUpdateWorkspace(id: string, input: TAdminUpdateWorkspaceRequest): Promise<TWorkspaceSummary> {
  return apiFetch<TWorkspaceSummary>(clientPath(id), { method: 'PATCH', json: input });
}

/** The answer is the workspace as saved: it replaces the cached one, and the lists, overview and timeline reload. */
export function useAdminUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TAdminUpdateWorkspaceRequest }) => adminUpdateWorkspace(id, input),
    onSuccess: (workspace) => {
      queryClient.setQueryData(adminKeys.client(workspace.id), workspace);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.clientLists }),
        queryClient.invalidateQueries({ queryKey: adminKeys.clientTimeline(workspace.id) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overviews }),
      ]);
    },
  });
}
