import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClient, TUpdateClientRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** PATCH status and/or plan; managed and enterprise plans carry planMonthlyUsd. */
export function updateClient(id: string, input: TUpdateClientRequest): Promise<TClient> {
  return apiFetch<TClient>(clientPath(id), { method: 'PATCH', json: input });
}

/** The answer is the client as saved: it replaces the cached one, and the lists, overview and timeline reload. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateClientRequest }) => updateClient(id, input),
    onSuccess: (client) => {
      queryClient.setQueryData(adminKeys.client(client.id), client);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.clientLists }),
        queryClient.invalidateQueries({ queryKey: adminKeys.clientTimeline(client.id) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overviews }),
      ]);
    },
  });
}
