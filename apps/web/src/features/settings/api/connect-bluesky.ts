import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBlueskyConnectRequest, TSocialConnection } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientDataKeys } from '@/lib/client-data/keys';

/**
 * POST /api/social/bluesky/connect: signs in to Bluesky with an app password and answers the
 * connection (201). 400 carries Bluesky's reason (a wrong password, an unknown handle); 502 says
 * Bluesky could not be reached.
 */
export function connectBluesky(input: TBlueskyConnectRequest): Promise<TSocialConnection> {
  return apiFetch<TSocialConnection>('/api/social/bluesky/connect', { method: 'POST', json: input });
}

/** mutate({ identifier, appPassword, service? }); the channels reload after a success. */
export function useConnectBluesky() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectBluesky,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientDataKeys.socialConnections }),
  });
}
