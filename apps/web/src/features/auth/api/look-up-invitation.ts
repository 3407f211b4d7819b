import { useQuery } from '@tanstack/react-query';
import type { TInvitation } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** POST /api/invitations/lookup: the workspace and address an invitation token is for (404/409/410 with what to do). */
export function lookUpInvitation(token: string): Promise<TInvitation> {
  return apiFetch<TInvitation>('/api/invitations/lookup', { method: 'POST', json: { token } });
}

/** The invitation behind a link's token; a refusal is final, so it is not retried. */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => lookUpInvitation(token!),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}
