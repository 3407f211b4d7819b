import type { z } from 'zod';
import type { ZManagerRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientPath } from './keys';
import type { TManagers } from './list-client-managers';

/** DELETE /api/admin/clients/{id}/manager with the email in a JSON body; answers the managers now. */
export function removeClientManager(id: string, input: z.input<typeof ZManagerRequest>): Promise<TManagers> {
  return apiFetch<TManagers>(`${clientPath(id)}/manager`, { method: 'DELETE', json: input });
}
