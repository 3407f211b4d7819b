import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminChannelList } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/channels: the channels of every client the staff member sees, those needing attention first. */
export function listChannels(): Promise<TAdminChannelList> {
  return apiFetch<TAdminChannelList>('/api/admin/channels');
}

export const channelsQuery = queryOptions({ queryKey: adminKeys.channels, queryFn: listChannels });

export function useChannels() {
  return useQuery(channelsQuery);
}
