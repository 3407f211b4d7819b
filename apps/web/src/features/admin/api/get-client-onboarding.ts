import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOnboardingRecord } from '@hookline/shared';
import { ApiError, apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** The client's onboarding record, or null when none was captured (404). */
export async function getClientOnboarding(id: string): Promise<TOnboardingRecord | null> {
  try {
    return await apiFetch<TOnboardingRecord>(`${clientPath(id)}/onboarding`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const clientOnboardingQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.clientOnboarding(id), queryFn: () => getClientOnboarding(id), retry: false });

export function useClientOnboarding(id: string) {
  return useQuery(clientOnboardingQuery(id));
}
