import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateReviewLinkRequest, TReviewLink } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientDataKeys } from '@/lib/client-data/keys';
import { contentKeys } from './keys';

/**
 * POST /api/review-links → 201: mails a link to the address that reviews these drafts without an
 * account; the drafts not yet in review (never sent, or sent back) are sent for review with it.
 */
export function createReviewLink(input: TCreateReviewLinkRequest): Promise<TReviewLink> {
  return apiFetch<TReviewLink>('/api/review-links', { method: 'POST', json: input });
}

export function useCreateReviewLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReviewLink,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.reviewLinks }),
        queryClient.invalidateQueries({ queryKey: clientDataKeys.drafts }),
      ]),
  });
}
