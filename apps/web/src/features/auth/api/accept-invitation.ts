import { useMutation } from '@tanstack/react-query';
import type { TAcceptInvitationRequest, TAcceptInvitationResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

/** POST /api/invitations/accept: makes the invited account (an owner, or a teammate who had none); the answer's cookie signs them in. */
export function acceptInvitation(input: TAcceptInvitationRequest): Promise<TAcceptInvitationResponse> {
  return apiFetch<TAcceptInvitationResponse>('/api/invitations/accept', { method: 'POST', json: input });
}

/** Accepts, then reloads the session, so that the dashboard's sign-in check sees the new account. */
export function useAcceptInvitation() {
  const { refresh } = useAuth();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => refresh() });
}
