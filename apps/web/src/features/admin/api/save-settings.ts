import type { TAdminSettings } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** PUT /api/admin/settings (admins and founders; managers get 403). */
export function saveSettings(input: TAdminSettings): Promise<TAdminSettings> {
  return apiFetch<TAdminSettings>('/api/admin/settings', { method: 'PUT', json: input });
}
