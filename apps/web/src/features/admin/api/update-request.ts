import type { z } from 'zod';
import type { TRequest, ZUpdateRequestRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { requestPath } from './keys';

export function updateRequest(id: string, input: z.input<typeof ZUpdateRequestRequest>): Promise<TRequest> {
  return apiFetch<TRequest>(requestPath(id), { method: 'PATCH', json: input });
}
