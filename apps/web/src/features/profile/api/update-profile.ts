import { useMutation } from '@tanstack/react-query';
import type { TProfile, TUpdateProfileRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

export function updateProfile(input: TUpdateProfileRequest): Promise<TProfile> {
  return apiFetch<TProfile>('/api/me/profile', { method: 'PATCH', json: input });
}

/** After a save the signed-in user is read again, so the new name and picture show everywhere (a failure to read is ignored). */
export function useUpdateProfile() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => refresh().catch(() => undefined),
  });
}
