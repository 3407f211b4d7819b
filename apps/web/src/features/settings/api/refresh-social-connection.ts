import type { TSocialConnection } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/**
 * POST /api/social/{id}/refresh: a new access token. 409 = the provider refused (now 'Re-auth
 * needed'); 502 = the provider was unreachable (still connected, lastError set).
 */
export function refreshSocialConnection(id: string): Promise<TSocialConnection> {
  return apiFetch<TSocialConnection>(`/api/social/${encodeURIComponent(id)}/refresh`, { method: 'POST' });
}
