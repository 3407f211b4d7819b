import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRequestWork } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, requestPath } from './keys';

/** What the client wrote and attached, and the drafts made from the request. */
export function getRequestWork(id: string): Promise<TRequestWork> {
  return apiFetch<TRequestWork>(`${requestPath(id)}/work`);
}

export const requestWorkQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.requestWork(id), queryFn: () => getRequestWork(id), retry: false });

export function useRequestWork(id: string) {
  return useQuery(requestWorkQuery(id));
}
