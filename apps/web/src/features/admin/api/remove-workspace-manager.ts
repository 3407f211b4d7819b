import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZManagerRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientPath } from './keys';
import { invalidateWorkspaceManagers, type TManagers } from './list-workspace-managers';

/** DELETE /api/admin/clients/{id}/manager with the email in a JSON body; answers the managers now. */
export function removeWorkspaceManager(id: string, input: z.input<typeof ZManagerRequest>): Promise<TManagers> {
  return apiFetch<TManagers>(`${clientPath(id)}/manager`, { method: 'DELETE', json: input });
}

export function useRemoveWorkspaceManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: z.input<typeof ZManagerRequest> }) => removeWorkspaceManager(id, input),
    onSettled: (_managers, _error, { id }) => invalidateWorkspaceManagers(queryClient, id),
  });
}
