import type { z } from 'zod';
import type { ZManagerRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientPath } from './keys';
import type { TManagers } from './list-client-managers';

/** POST /api/admin/clients/{id}/manager: maps a staff user to the client (Assign Manager and Add); answers the managers now. */
export function addClientManager(id: string, input: z.input<typeof ZManagerRequest>): Promise<TManagers> {
  return apiFetch<TManagers>(`${clientPath(id)}/manager`, { method: 'POST', json: input });
}
