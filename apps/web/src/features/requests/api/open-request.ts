import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClientRequest, TOpenClientRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { requestKeys } from './keys';

/** POST /api/requests → 201 with the new request. */
export function openRequest(input: TOpenClientRequest): Promise<TClientRequest> {
  return apiFetch<TClientRequest>('/api/requests', { method: 'POST', json: input });
}

export function useOpenRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.list }),
  });
}
