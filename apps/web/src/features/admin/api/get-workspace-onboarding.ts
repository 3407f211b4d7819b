import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOnboardingRecord } from '@hookline/shared';
import { ApiError, apiFetch } from '@/lib/api-client';
import { adminKeys, clientPath } from './keys';

/** The client's onboarding record, or null when none was captured (404). */
export async function getWorkspaceOnboarding(id: string): Promise<TOnboardingRecord | null> {
  try {
    return await apiFetch<TOnboardingRecord>(`${clientPath(id)}/onboarding`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const workspaceOnboardingQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.clientOnboarding(id), queryFn: () => getWorkspaceOnboarding(id), retry: false });

export function useWorkspaceOnboarding(id: string) {
  return useQuery(workspaceOnboardingQuery(id));
}
