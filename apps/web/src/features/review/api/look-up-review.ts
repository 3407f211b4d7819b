import { useQuery } from '@tanstack/react-query';
import type { TReviewPage } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** The cache key of one review link's page; the token never leaves memory and the request body. */
export const reviewPageKey = (token: string) => ['review', token] as const;

/** POST /api/review/lookup: the drafts a review link shows (404 unknown link, 410 expired or revoked). */
export function lookUpReview(token: string): Promise<TReviewPage> {
  return apiFetch<TReviewPage>('/api/review/lookup', { method: 'POST', json: { token } });
}

/** The page behind a link's token; a refusal is final, so it is not retried. */
export function useReviewPage(token: string | null) {
  return useQuery({
    queryKey: reviewPageKey(token ?? ''),
    queryFn: () => lookUpReview(token!),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}
