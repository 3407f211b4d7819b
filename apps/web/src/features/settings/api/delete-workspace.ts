import { apiFetch } from '@/lib/api-client';

/** DELETE /api/workspace: with the workspace name typed exactly; removes its drafts, connections and files. */
export function deleteWorkspace(confirmName: string): Promise<void> {
  return apiFetch<void>('/api/workspace', { method: 'DELETE', json: { confirmName } });
}
