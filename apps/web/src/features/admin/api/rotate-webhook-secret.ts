import { apiFetch } from '@/lib/api-client';
import type { TWebhookSecret } from './get-webhook-secret';

/** Replaces the signing secret; receivers must switch to the new one. */
export function rotateWebhookSecret(): Promise<TWebhookSecret> {
  return apiFetch<TWebhookSecret>('/api/admin/webhooks/secret/rotate', { method: 'POST' });
}
