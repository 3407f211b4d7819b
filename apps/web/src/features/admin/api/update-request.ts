import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TRequest, ZUpdateRequestRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

export function updateRequest(id: string, input: z.input<typeof ZUpdateRequestRequest>): Promise<TRequest> {
  return apiFetch<TRequest>(requestPath(id), { method: 'PATCH', json: input });
}

/** The answer is the request as saved: it replaces the cached one, and the lists, its timeline and the overview reload. */
export function useUpdateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: z.input<typeof ZUpdateRequestRequest> }) => updateRequest(id, input),
    onSuccess: (request) => {
      queryClient.setQueryData(adminKeys.request(request.id), request);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.requestLists }),
        queryClient.invalidateQueries({ queryKey: adminKeys.requestTimeline(request.id) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overviews }),
      ]);
    },
  });
}
