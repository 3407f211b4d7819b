import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminSettings } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './keys';

/** PUT /api/admin/settings (admins and founders; managers get 403). */
export function saveSettings(input: TAdminSettings): Promise<TAdminSettings> {
  return apiFetch<TAdminSettings>('/api/admin/settings', { method: 'PUT', json: input });
}

/** The answer is the settings as saved, and replaces the cached ones. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings) => queryClient.setQueryData(adminKeys.settings, settings),
  });
}
