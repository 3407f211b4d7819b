import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingInput, TOnboardingRecord } from '@hookline/shared';
import { ApiError, apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath, toQueryString } from './keys';

/**
 * PUT the onboarding data; with sync the server also pushes it to Airtable. A sync failure answers
 * 502 or 503 after the local save was kept (see isSyncFailure).
 */
export function saveWorkspaceOnboarding(id: string, data: TOnboardingInput, options: { sync?: boolean } = {}): Promise<TOnboardingRecord> {
  return apiFetch<TOnboardingRecord>(`${clientPath(id)}/onboarding${toQueryString({ sync: options.sync ? 1 : undefined })}`, {
    method: 'PUT',
    json: data,
  });
}

/** True when a Save & Sync failed only at the sync step (the record itself was saved). */
export const isSyncFailure = (error: unknown) => error instanceof ApiError && (error.status === 502 || error.status === 503);

/** The record and the client's timeline reload after any attempt: a failed sync still saved the record. */
export function useSaveWorkspaceOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data, sync }: { id: string; data: TOnboardingInput; sync: boolean }) => saveWorkspaceOnboarding(id, data, { sync }),
    onSettled: (_record, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.clientOnboarding(id) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.clientTimeline(id) }),
      ]),
  });
}
