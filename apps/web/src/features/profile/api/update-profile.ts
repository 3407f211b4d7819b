import type { TProfile, TUpdateProfileRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

export function updateProfile(input: TUpdateProfileRequest): Promise<TProfile> {
  return apiFetch<TProfile>('/api/me/profile', { method: 'PATCH', json: input });
}
