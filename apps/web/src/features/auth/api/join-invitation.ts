import { useMutation } from '@tanstack/react-query';
import type { TAcceptInvitationResponse, TJoinInvitationRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** POST /api/invitations/join: the signed-in account (the invited address's) becomes a teammate; answers the workspace. */
export function joinInvitation(input: TJoinInvitationRequest): Promise<TAcceptInvitationResponse> {
  return apiFetch<TAcceptInvitationResponse>('/api/invitations/join', { method: 'POST', json: input });
}

export function useJoinInvitation() {
  return useMutation({ mutationFn: joinInvitation });
}
