import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPostingSlots, TReplacePostingSlotsRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { postingSlotsKey } from './get-posting-slots';

/** PUT /api/workspace/posting-slots: replaces the whole week (owner and staff). */
export function replacePostingSlots(input: TReplacePostingSlotsRequest): Promise<TPostingSlots> {
  return apiFetch<TPostingSlots>('/api/workspace/posting-slots', { method: 'PUT', json: input });
}

/** The answer is the week as saved; it replaces the cached one. */
export function useReplacePostingSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replacePostingSlots,
    onSuccess: (saved) => queryClient.setQueryData(postingSlotsKey, saved),
  });
}
