import { useQuery } from '@tanstack/react-query';
import type { TPostingSlots } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** The weekly posting slots of the workspace open in this tab. */
export const postingSlotsKey = ['posting-slots'] as const;

/** GET /api/workspace/posting-slots: the slots, Monday first, and the zone the server reads them in. */
export function getPostingSlots(): Promise<TPostingSlots> {
  return apiFetch<TPostingSlots>('/api/workspace/posting-slots');
}

export function usePostingSlots() {
  return useQuery({ queryKey: postingSlotsKey, queryFn: getPostingSlots });
}
