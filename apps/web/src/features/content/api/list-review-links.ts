import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TListReviewLinksResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /api/review-links: the workspace's review links, newest first (staff only). */
export function listReviewLinks(): Promise<TListReviewLinksResponse> {
  return apiFetch<TListReviewLinksResponse>('/api/review-links');
}

export const reviewLinksQuery = queryOptions({ queryKey: contentKeys.reviewLinks, queryFn: listReviewLinks });

export function useReviewLinks() {
  return useQuery(reviewLinksQuery);
}
