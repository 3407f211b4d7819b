import { useMutation } from '@tanstack/react-query';
import type { TOnboardingInput, TOnboardingSubmitResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

export function submitOnboarding(input: TOnboardingInput): Promise<TOnboardingSubmitResponse> {
  return apiFetch<TOnboardingSubmitResponse>('/api/onboarding/submit', { method: 'POST', json: input });
}

export function useSubmitOnboarding() {
  return useMutation({ mutationFn: submitOnboarding });
}
