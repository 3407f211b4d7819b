import type { TUpdateWorkspaceRequest, TWorkspace } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';

/** PATCH /api/workspace: default cadence and time-zone override (null = each user's own zone). */
export function updateWorkspace(input: TUpdateWorkspaceRequest): Promise<TWorkspace> {
  return apiFetch<TWorkspace>('/api/workspace', { method: 'PATCH', json: input });
}
