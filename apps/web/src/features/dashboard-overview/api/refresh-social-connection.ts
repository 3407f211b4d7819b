import type { TSocialConnection } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/**
 * POST /api/social/{id}/refresh: a new access token from the provider. 502 = the provider was
 * unreachable (still connected, lastError set); a refused refresh leaves it 'needs_reauth'.
 */
export function refreshSocialConnection(id: string): Promise<TSocialConnection> {
  return apiFetch<TSocialConnection>(`/api/social/${encodeURIComponent(id)}/refresh`, { method: 'POST' });
}
