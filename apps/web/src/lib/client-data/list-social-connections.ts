import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSocialConnection } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientDataKeys } from './keys';

/** GET /api/social/connections: the workspace's channels (oldest first), never their tokens. */
export function listSocialConnections(): Promise<TSocialConnection[]> {
  return apiFetch<TSocialConnection[]>('/api/social/connections');
}

export const socialConnectionsQuery = queryOptions({ queryKey: clientDataKeys.socialConnections, queryFn: listSocialConnections });

export function useSocialConnections() {
  return useQuery(socialConnectionsQuery);
}
