import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminSettings } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

export function getSettings(): Promise<TAdminSettings> {
  return apiFetch<TAdminSettings>('/api/admin/settings');
}

export const settingsQuery = queryOptions({ queryKey: adminKeys.settings, queryFn: getSettings, retry: false });

export function useSettings() {
  return useQuery(settingsQuery);
}
