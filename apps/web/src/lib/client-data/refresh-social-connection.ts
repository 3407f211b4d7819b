import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { TSocialConnection } from '@hookline/shared';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { clientDataKeys } from './keys';

/**
 * POST /api/social/{id}/refresh: a new access token from the provider. 409 = the provider refused
 * (now 'needs_reauth', shown 'Re-auth needed'); 502 = the provider was unreachable (still
 * connected, lastError set).
 */
export function refreshSocialConnection(id: string): Promise<TSocialConnection> {
  return apiFetch<TSocialConnection>(`/api/social/${encodeURIComponent(id)}/refresh`, { method: 'POST' });
}

/**
 * A Refresh button's action: refreshes one channel, says how it went in a toast, then reloads the
 * channel list. `refreshing` is the id of the channel being refreshed, else null.
 */
export function useRefreshSocialConnection() {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState<string | null>(null);

  const refresh = async (connection: TSocialConnection) => {
    setRefreshing(connection.id);
    try {
      await refreshSocialConnection(connection.id);
      toast.success('Channel refreshed', { description: connection.handle });
    } catch (error) {
      toast.error('Refresh failed', { description: errorMessage(error, 'Unknown error') });
    } finally {
      setRefreshing(null);
      // A failed refresh can change the status or lastError too.
      await queryClient.invalidateQueries({ queryKey: clientDataKeys.socialConnections });
    }
  };

  return { refreshing, refresh };
}
