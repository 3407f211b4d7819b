import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TWebhookSecret } from './get-webhook-secret';
import { adminKeys } from './keys';

/** Replaces the signing secret; receivers must switch to the new one. */
export function rotateWebhookSecret(): Promise<TWebhookSecret> {
  return apiFetch<TWebhookSecret>('/api/admin/webhooks/secret/rotate', { method: 'POST' });
}

/** The answer is the new secret, and replaces the cached one. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (secret) => queryClient.setQueryData(adminKeys.webhookSecret, secret),
  });
}
