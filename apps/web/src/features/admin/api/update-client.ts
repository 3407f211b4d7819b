import type { TClient, TUpdateClientRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { clientPath } from './keys';

/** PATCH status and/or plan; managed and enterprise plans carry planMonthlyUsd. */
export function updateClient(id: string, input: TUpdateClientRequest): Promise<TClient> {
  return apiFetch<TClient>(clientPath(id), { method: 'PATCH', json: input });
}
