import type { TClient, TCreateClientRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** POST /api/admin/clients; 409 when the owner email already has a workspace. */
export function createClient(input: TCreateClientRequest): Promise<TClient> {
  return apiFetch<TClient>('/api/admin/clients', { method: 'POST', json: input });
}
