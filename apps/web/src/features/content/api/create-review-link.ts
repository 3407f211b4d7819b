import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateReviewLinkRequest, TReviewLink } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /api/review-links → 201: mails a link to the address that reviews these drafts without an account. */
export function createReviewLink(input: TCreateReviewLinkRequest): Promise<TReviewLink> {
  return apiFetch<TReviewLink>('/api/review-links', { method: 'POST', json: input });
}

export function useCreateReviewLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReviewLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.reviewLinks }),
  });
}
