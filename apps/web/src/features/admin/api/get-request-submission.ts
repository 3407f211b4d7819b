import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRequestSubmissionResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

/** The questionnaire answers kept on an onboarding request, with the client's record now; null when none were kept. */
export function getRequestSubmission(id: string): Promise<TRequestSubmissionResponse> {
  return apiFetch<TRequestSubmissionResponse>(`${requestPath(id)}/submission`);
}

export function useRequestSubmission(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: adminKeys.requestSubmission(id), queryFn: () => getRequestSubmission(id), retry: false, enabled }),
  );
}
