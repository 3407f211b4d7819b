import type { TOnboardingInput, TOnboardingRecord } from '@hookline/shared';
import { ApiError, apiFetch } from '@/lib/api-client';
import { clientPath, toQueryString } from './keys';

/**
 * PUT the onboarding data; with sync the server also pushes it to Airtable. A sync failure answers
 * 502 or 503 after the local save was kept (see isSyncFailure).
 */
export function saveClientOnboarding(id: string, data: TOnboardingInput, options: { sync?: boolean } = {}): Promise<TOnboardingRecord> {
  return apiFetch<TOnboardingRecord>(`${clientPath(id)}/onboarding${toQueryString({ sync: options.sync ? 1 : undefined })}`, {
    method: 'PUT',
    json: data,
  });
}

/** True when a Save & Sync failed only at the sync step (the record itself was saved). */
export const isSyncFailure = (error: unknown) => error instanceof ApiError && (error.status === 502 || error.status === 503);
