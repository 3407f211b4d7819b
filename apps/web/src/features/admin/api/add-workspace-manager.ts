import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZManagerRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientPath } from './keys';
import { invalidateWorkspaceManagers, type TManagers } from './list-workspace-managers';

/** POST /api/admin/clients/{id}/manager: maps a staff user to the client (Assign Manager and Add); answers the managers now. */
export function addWorkspaceManager(id: string, input: z.input<typeof ZManagerRequest>): Promise<TManagers> {
  return apiFetch<TManagers>(`${clientPath(id)}/manager`, { method: 'POST', json: input });
}

export function useAddWorkspaceManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: z.input<typeof ZManagerRequest> }) => addWorkspaceManager(id, input),
    onSettled: (_managers, _error, { id }) => invalidateWorkspaceManagers(queryClient, id),
  });
}
