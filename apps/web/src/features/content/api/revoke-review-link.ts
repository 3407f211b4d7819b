import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewLink } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /api/review-links/{id}/revoke: the link stops working at once; answers the revoked link. */
export function revokeReviewLink(id: string): Promise<TReviewLink> {
  return apiFetch<TReviewLink>(`/api/review-links/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}

/** mutate(id). */
export function useRevokeReviewLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeReviewLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.reviewLinks }),
  });
}
