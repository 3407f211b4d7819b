import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingSubmission } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

export function applyRequestSubmission(id: string): Promise<TOnboardingSubmission> {
  return apiFetch<TOnboardingSubmission>(`${requestPath(id)}/submission/apply`, { method: 'POST' });
}

/** The answer is the submission as applied; the request's timeline and the client's record and timeline reload. */
export function useApplyRequestSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => applyRequestSubmission(id),
    onSuccess: (submission, id) => {
      queryClient.setQueryData(adminKeys.requestSubmission(id), { submission });
      const reloads = [queryClient.invalidateQueries({ queryKey: adminKeys.requestTimeline(id) })];
      if (submission.clientId) reloads.push(queryClient.invalidateQueries({ queryKey: adminKeys.client(submission.clientId) }));
      return Promise.all(reloads);
    },
  });
}
