import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWebhookDelivery } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

/** The last delivery attempts, newest first. */
export function listWebhookDeliveries(): Promise<TWebhookDelivery[]> {
  return apiFetch<TWebhookDelivery[]>('/api/admin/webhooks/deliveries');
}

export const webhookDeliveriesQuery = queryOptions({ queryKey: adminKeys.webhookDeliveries, queryFn: listWebhookDeliveries, retry: false });

export function useWebhookDeliveries(enabled: boolean) {
  return useQuery({ ...webhookDeliveriesQuery, enabled });
}
