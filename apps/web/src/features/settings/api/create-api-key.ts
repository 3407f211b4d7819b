import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApiKeyRequest, TCreatedApiKey } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** POST /api/workspace/api-keys: answers the new key with its secret in `key`, this once. */
export function createApiKey(input: TCreateApiKeyRequest): Promise<TCreatedApiKey> {
  return apiFetch<TCreatedApiKey>('/api/workspace/api-keys', { method: 'POST', json: input });
}

/** mutate({ name }); the list reloads after it. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys }) });
}
