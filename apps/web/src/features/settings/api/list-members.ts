import { useQuery } from '@tanstack/react-query';
import type { TListMembersResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/workspace/members: the owner, the teammates, and the invitations not yet accepted. */
export function listMembers(): Promise<TListMembersResponse> {
  return apiFetch<TListMembersResponse>('/api/workspace/members');
}

export function useMembers() {
  return useQuery({ queryKey: settingsKeys.members, queryFn: listMembers });
}
