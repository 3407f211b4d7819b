import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientRequestDetail } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { requestKeys, requestPath } from './keys';

/** GET /api/requests/{id}: the request with what the client may see of its timeline, its files and its drafts. */
export function getRequest(id: string): Promise<TClientRequestDetail> {
  return apiFetch<TClientRequestDetail>(requestPath(id));
}

export const requestQuery = (id: string) => queryOptions({ queryKey: requestKeys.detail(id), queryFn: () => getRequest(id) });

export function useRequest(id: string | null) {
  return useQuery({ ...requestQuery(id ?? ''), enabled: id !== null });
}
