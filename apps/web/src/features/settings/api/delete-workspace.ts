import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** DELETE /api/workspace: with the workspace name typed exactly; removes its drafts, connections and files. */
export function deleteWorkspace(confirmName: string): Promise<void> {
  return apiFetch<void>('/api/workspace', { method: 'DELETE', json: { confirmName } });
}

/** mutate(confirmName). Everything cached belonged to the deleted workspace: it all reloads. */
export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    // Not awaited: the page moves on at once and its reads reload there.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
