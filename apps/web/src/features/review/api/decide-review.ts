import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewDecisionRequest, TReviewDraft, TReviewPage } from '@hookline/shared';
import { ApiError, apiFetch } from '@/lib/api-client';
import { reviewPageKey } from './look-up-review';

/**
 * POST /api/review/decide: approve, or request changes with a comment, on the version the page
 * showed (`seen`); answers the draft as it now is.
 */
export function decideReview(input: TReviewDecisionRequest): Promise<TReviewDraft> {
  return apiFetch<TReviewDraft>('/api/review/decide', { method: 'POST', json: input });
}

/**
 * mutate({ draftId, decision, name, comment, seen }); the answered draft replaces its card's. A 409
 * means the page is out of date (the draft changed, or was decided, meanwhile): it is read again,
 * so the reviewer sees the new version beside the server's words before deciding again.
 */
export function useDecideReview(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<TReviewDecisionRequest, 'token'>) => decideReview({ ...input, token }),
    onSuccess: (decided) =>
      queryClient.setQueryData<TReviewPage>(
        reviewPageKey(token),
        (page) => page && { ...page, drafts: page.drafts.map((draft) => (draft.id === decided.id ? decided : draft)) },
      ),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: reviewPageKey(token) });
    },
  });
}
