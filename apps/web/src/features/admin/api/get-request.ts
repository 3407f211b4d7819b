import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRequest } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

/** 404 (ApiError status) when there is no such request. */
export function getRequest(id: string): Promise<TRequest> {
  return apiFetch<TRequest>(requestPath(id));
}

export const requestQuery = (id: string) => queryOptions({ queryKey: adminKeys.request(id), queryFn: () => getRequest(id), retry: false });

export function useRequest(id: string) {
  return useQuery(requestQuery(id));
}
