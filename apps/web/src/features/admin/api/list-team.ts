import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStaffMember } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Staff accounts (founders only). */
export function listTeam(): Promise<TStaffMember[]> {
  return apiFetch<TStaffMember[]>('/api/admin/team');
}

export const teamQuery = queryOptions({ queryKey: adminKeys.team, queryFn: listTeam, retry: false });

export function useTeam(enabled: boolean) {
  return useQuery({ ...teamQuery, enabled });
}
