import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZWebhookSecret } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

export function getWebhookSecret(): Promise<TWebhookSecret> {
  return apiFetch<TWebhookSecret>('/api/admin/webhooks/secret');
}

export const webhookSecretQuery = queryOptions({ queryKey: adminKeys.webhookSecret, queryFn: getWebhookSecret, retry: false });

export function useWebhookSecret(enabled: boolean) {
  return useQuery({ ...webhookSecretQuery, enabled });
}
