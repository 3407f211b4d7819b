import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewDecisionRequest, TReviewDraft, TReviewPage } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { reviewPageKey } from './look-up-review';

/** POST /api/review/decide: approve, or request changes with a comment; answers the draft as it now is. */
export function decideReview(input: TReviewDecisionRequest): Promise<TReviewDraft> {
  return apiFetch<TReviewDraft>('/api/review/decide', { method: 'POST', json: input });
}

/** mutate({ draftId, decision, name, comment }); the answered draft replaces its card's. */
export function useDecideReview(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<TReviewDecisionRequest, 'token'>) => decideReview({ ...input, token }),
    onSuccess: (decided) =>
      queryClient.setQueryData<TReviewPage>(
        reviewPageKey(token),
        (page) => page && { ...page, drafts: page.drafts.map((draft) => (draft.id === decided.id ? decided : draft)) },
      ),
  });
}
