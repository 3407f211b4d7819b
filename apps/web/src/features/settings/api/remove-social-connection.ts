import { apiFetch } from '@/lib/api-client';

/** DELETE /api/social/{id}: forgets the channel and its tokens (204). */
export function removeSocialConnection(id: string): Promise<void> {
  return apiFetch<void>(`/api/social/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
