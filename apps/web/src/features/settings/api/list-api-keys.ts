import { useQuery } from '@tanstack/react-query';
import type { TListApiKeysResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/workspace/api-keys (owner and staff): the keys that work, newest first, never the keys themselves. */
export function listApiKeys(): Promise<TListApiKeysResponse> {
  return apiFetch<TListApiKeysResponse>('/api/workspace/api-keys');
}

/** Off for teammates, whom the server refuses (403). */
export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: settingsKeys.apiKeys, queryFn: listApiKeys, enabled });
}
