import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInviteMemberRequest, TMemberInvitation } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** POST /api/workspace/members/invitations: mails the address a link to join as an editor or approver. */
export function inviteMember(input: TInviteMemberRequest): Promise<TMemberInvitation> {
  return apiFetch<TMemberInvitation>('/api/workspace/members/invitations', { method: 'POST', json: input });
}

/** mutate({ email, role }); the team reloads after it (a newer invitation replaces one to the same address). */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.members }) });
}
